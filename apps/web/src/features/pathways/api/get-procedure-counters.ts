import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../../../lib/api-client';
import { openPathwaysKeys } from './query-keys';

/** docs/requirements.md §7: GET …/procedures/{type}/manage/ (total, processed and failed records). */
export const getProcedureCounters = (trust: string, type: ProcedureCode) =>
  apiRequest(endpoints.waitingList.procedureCounters, { params: { trust, type } });

export const procedureCountersQueryOptions = (trust: string, type: ProcedureCode) =>
  queryOptions({
    queryKey: openPathwaysKeys.counters(trust, type),
    queryFn: () => getProcedureCounters(trust, type),
    enabled: Boolean(trust),
    // docs/requirements.md §8: a failed load offers its own retry at once rather than after a silent second try.
    retry: false,
  });

export const useProcedureCounters = (trust: string, type: ProcedureCode) =>
  useQuery(procedureCountersQueryOptions(trust, type));
