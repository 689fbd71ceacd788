import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { outcomesUploadField } from '@esr/contracts/outcomes';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiUpload, type UploadProgress } from '../../../lib/api-client';
import { outcomesKeys } from './query-keys';

export interface OutcomesFileUpload {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/** Decision 0045: POST …/outcomes/upload/ (multipart: outcomesFile); 202 gives the batch to follow. */
export function uploadOutcomesFile(
  trust: string,
  type: ProcedureCode,
  { file, onProgress }: OutcomesFileUpload,
) {
  const form = new FormData();
  form.append(outcomesUploadField, file);
  return apiUpload(endpoints.outcomes.upload, form, {
    params: { trust, type },
    ...(onProgress ? { onProgress } : {}),
  });
}

export function useUploadOutcomesFile(trust: string, type: ProcedureCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upload: OutcomesFileUpload) => uploadOutcomesFile(trust, type, upload),
    onSuccess: () => client.invalidateQueries({ queryKey: outcomesKeys.trust(trust) }),
  });
}
