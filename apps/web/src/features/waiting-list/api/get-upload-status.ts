import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { uploadStatusPollMs } from '@esr/contracts/waiting-list';
import { apiRequest } from '../../../lib/api-client';
import { stillValidating } from '../lib/file-status';
import { waitingListKeys } from './query-keys';

/** docs/requirements.md §7: GET …/files/upload-status/?batchId=. */
export const getUploadStatus = (trust: string, type: ProcedureCode, batchId: string) =>
  apiRequest(endpoints.waitingList.uploadStatus, { params: { trust, type }, query: { batchId } });

/** docs/requirements.md §4: polled every 2 seconds until neither file is still validating. */
export const uploadStatusQueryOptions = (trust: string, type: ProcedureCode, batchId: string) =>
  queryOptions({
    queryKey: waitingListKeys.uploadStatus(trust, type, batchId),
    queryFn: () => getUploadStatus(trust, type, batchId),
    enabled: Boolean(trust && batchId),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.status !== 'error' && stillValidating(query.state.data) ? uploadStatusPollMs : false,
  });

export const useUploadStatus = (trust: string, type: ProcedureCode, batchId: string) =>
  useQuery(uploadStatusQueryOptions(trust, type, batchId));
