import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { uploadStatusPollMs } from '@esr/contracts/waiting-list';
import { apiRequest } from '../../../lib/api-client';
import { stillValidating } from '../lib/outcomes-summary';
import { outcomesKeys } from './query-keys';

/** Decision 0045: GET …/outcomes/upload-status/?batchId=. */
export const getOutcomesUploadStatus = (trust: string, type: ProcedureCode, batchId: string) =>
  apiRequest(endpoints.outcomes.uploadStatus, { params: { trust, type }, query: { batchId } });

/** docs/requirements.md §4: asked again every 2 seconds until the file is no longer being validated. */
export const outcomesUploadStatusQueryOptions = (trust: string, type: ProcedureCode, batchId: string) =>
  queryOptions({
    queryKey: outcomesKeys.uploadStatus(trust, type, batchId),
    queryFn: () => getOutcomesUploadStatus(trust, type, batchId),
    enabled: Boolean(trust && batchId),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.status !== 'error' && stillValidating(query.state.data) ? uploadStatusPollMs : false,
  });

export const useOutcomesUploadStatus = (trust: string, type: ProcedureCode, batchId: string) =>
  useQuery(outcomesUploadStatusQueryOptions(trust, type, batchId));
