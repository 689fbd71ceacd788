import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';

export const modelQueryKeys = {
  all: (trust: string, procedure: string) => ['models', trust, procedure] as const,
};

export function useActiveModel(trust: string | undefined, procedure: string) {
  return useQuery({
    queryKey: [...modelQueryKeys.all(trust ?? '', procedure), 'active'],
    queryFn: () => apiRequest(endpoints.models.active, { params: { trust: trust!, code: procedure } }),
    enabled: Boolean(trust && procedure),
  });
}

export function useModelVersions(trust: string | undefined, procedure: string) {
  return useQuery({
    queryKey: [...modelQueryKeys.all(trust ?? '', procedure), 'versions'],
    queryFn: () => apiRequest(endpoints.models.versions, { params: { trust: trust!, code: procedure } }),
    enabled: Boolean(trust && procedure),
  });
}

export function uploadModel(trust: string, procedure: string, modelFile: File, wrapperFile: File) {
  const form = new FormData();
  form.append('modelFile', modelFile);
  form.append('wrapperFile', wrapperFile);
  return apiRequest(endpoints.models.upload, { params: { trust, code: procedure }, body: form });
}
