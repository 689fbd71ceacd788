import { useQuery } from '@tanstack/react-query';
import { modelCardSchema, modelVersionsResponseSchema } from '@esr/contracts/models';
import { apiRequest } from '../../../lib/api-client';

const base = (trust: string, procedure: string) =>
  `/api/trusts/${encodeURIComponent(trust)}/machine-learning/procedures/${encodeURIComponent(procedure)}/models`;

export const modelQueryKeys = {
  all: (trust: string, procedure: string) => ['models', trust, procedure] as const,
};

export function useActiveModel(trust: string | undefined, procedure: string) {
  return useQuery({
    queryKey: [...modelQueryKeys.all(trust ?? '', procedure), 'active'],
    queryFn: () => apiRequest(`${base(trust!, procedure)}/active`, { schema: modelCardSchema }),
    enabled: Boolean(trust && procedure),
  });
}

export function useModelVersions(trust: string | undefined, procedure: string) {
  return useQuery({
    queryKey: [...modelQueryKeys.all(trust ?? '', procedure), 'versions'],
    queryFn: () => apiRequest(base(trust!, procedure), { schema: modelVersionsResponseSchema }),
    enabled: Boolean(trust && procedure),
  });
}

export function uploadModel(trust: string, procedure: string, modelFile: File, wrapperFile: File) {
  const form = new FormData();
  form.append('modelFile', modelFile);
  form.append('wrapperFile', wrapperFile);
  return apiRequest(`${base(trust, procedure)}/upload`, { method: 'POST', body: form });
}
