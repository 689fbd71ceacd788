import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { procedureCountersSchema } from '@esr/contracts/waiting-list';
import { apiRequest } from '../../../lib/api-client';
import { openPathwaysUrls } from './endpoints';
import { openPathwaysKeys } from './query-keys';

/** spec §7: GET …/procedures/{type}/manage/ (total, processed and failed records). */
export const getProcedureCounters = (trust: string, type: ProcedureCode) =>
  apiRequest(openPathwaysUrls.counters(trust, type), { schema: procedureCountersSchema });

export const procedureCountersQueryOptions = (trust: string, type: ProcedureCode) =>
  queryOptions({
    queryKey: openPathwaysKeys.counters(trust, type),
    queryFn: () => getProcedureCounters(trust, type),
    enabled: Boolean(trust),
    // spec §8: a failed load offers its own retry at once rather than after a silent second try.
    retry: false,
  });

export const useProcedureCounters = (trust: string, type: ProcedureCode) =>
  useQuery(procedureCountersQueryOptions(trust, type));
