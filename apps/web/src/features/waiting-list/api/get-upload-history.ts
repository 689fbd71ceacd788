import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { waitingListKeys } from './query-keys';

export interface UploadHistoryParams {
  /** Absent: every procedure's uploads (the data upload history). */
  procedureCode?: ProcedureCode;
  pageNumber: number;
  /** docs/requirements.md §9: 5 on the upload page, 15 in the history. */
  pageSize: number;
}

/** docs/requirements.md §7: the trust's upload history, newest first. */
export const getUploadHistory = (trust: string, params: UploadHistoryParams) =>
  apiRequest(endpoints.waitingList.uploadHistory, {
    params: { trust },
    query: { procedureCode: params.procedureCode, pageNumber: params.pageNumber, pageSize: params.pageSize },
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
