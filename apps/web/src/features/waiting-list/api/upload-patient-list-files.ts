import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiUpload, type UploadProgress } from '../../../lib/api-client';
import { waitingListKeys } from './query-keys';

export interface PatientListFiles {
  waitingListDataFile: File;
  bloodTestDataFile: File;
  onProgress?: (progress: UploadProgress) => void;
}

/** docs/requirements.md §7: POST …/files/upload/ (multipart); 202 gives the batch to follow. */
export function uploadPatientListFiles(trust: string, type: ProcedureCode, files: PatientListFiles) {
  const form = new FormData();
  form.append('waitingListDataFile', files.waitingListDataFile);
  form.append('bloodTestDataFile', files.bloodTestDataFile);
  return apiUpload(endpoints.waitingList.upload, form, {
    params: { trust, type },
    ...(files.onProgress ? { onProgress: files.onProgress } : {}),
  });
}

export function useUploadPatientListFiles(trust: string, type: ProcedureCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: PatientListFiles) => uploadPatientListFiles(trust, type, files),
    onSuccess: () => client.invalidateQueries({ queryKey: waitingListKeys.all }),
  });
}
