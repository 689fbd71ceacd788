import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { uploadHistorySchema } from '@esr/contracts/waiting-list';
import { apiRequest } from '../../../lib/api-client';
import { waitingListUrls } from './endpoints';
import { waitingListKeys } from './query-keys';

export interface UploadHistoryParams {
  /** Absent: every procedure's uploads (the data upload history). */
  procedureCode?: ProcedureCode;
  pageNumber: number;
  /** spec §9: 5 on the upload page, 15 in the history. */
  pageSize: number;
}

/** spec §7: GET /api/trusts/{trust}/waiting-list/upload-history, newest first. */
export const getUploadHistory = (trust: string, params: UploadHistoryParams) =>
  apiRequest(waitingListUrls.uploadHistory(trust), {
    query: { procedureCode: params.procedureCode, pageNumber: params.pageNumber, pageSize: params.pageSize },
    schema: uploadHistorySchema,
  });

export const uploadHistoryQueryOptions = (trust: string, params: UploadHistoryParams) =>
  queryOptions({
    queryKey: waitingListKeys.uploadHistory(trust, params),
    queryFn: () => getUploadHistory(trust, params),
    enabled: Boolean(trust),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useUploadHistory = (trust: string, params: UploadHistoryParams) =>
  useQuery(uploadHistoryQueryOptions(trust, params));
