import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { openPathwaysKeys } from './query-keys';

/** docs/requirements.md §7: GET …/procedures/{type}/manage/processed (total, high, medium and low). */
export const getProcessedCounts = (trust: string, type: ProcedureCode) =>
  apiRequest(endpoints.openPathways.processedCounts, { params: { trust, type } });

export const processedCountsQueryOptions = (trust: string, type: ProcedureCode) =>
  queryOptions({
    queryKey: openPathwaysKeys.processedCounts(trust, type),
    queryFn: () => getProcessedCounts(trust, type),
    enabled: Boolean(trust),
    retry: false,
  });

export const useProcessedCounts = (trust: string, type: ProcedureCode) =>
  useQuery(processedCountsQueryOptions(trust, type));
