import { queryOptions, useQuery } from '@tanstack/react-query';
import { processedCountsSchema } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { openPathwaysUrls } from './endpoints';
import { openPathwaysKeys } from './query-keys';

/** spec §7: GET …/procedures/{type}/manage/processed (total, high, medium and low). */
export const getProcessedCounts = (trust: string, type: ProcedureCode) =>
  apiRequest(openPathwaysUrls.processedCounts(trust, type), { schema: processedCountsSchema });

export const processedCountsQueryOptions = (trust: string, type: ProcedureCode) =>
  queryOptions({
    queryKey: openPathwaysKeys.processedCounts(trust, type),
    queryFn: () => getProcessedCounts(trust, type),
    enabled: Boolean(trust),
    retry: false,
  });

export const useProcessedCounts = (trust: string, type: ProcedureCode) =>
  useQuery(processedCountsQueryOptions(trust, type));
