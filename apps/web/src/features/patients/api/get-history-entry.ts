import { queryOptions, useQuery } from '@tanstack/react-query';
import { historyEntrySchema } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { patientUrls } from './endpoints';
import { patientKeys } from './query-keys';

/** spec §7: GET …/patients/{id}/history/{historyId}: a past evaluation and the record it read. */
export const getHistoryEntry = (trust: string, type: ProcedureCode, id: string, historyId: string) =>
  apiRequest(patientUrls.historyEntry(trust, type, id, historyId), { schema: historyEntrySchema });

export const historyEntryQueryOptions = (trust: string, type: ProcedureCode, id: string, historyId: string) =>
  queryOptions({
    queryKey: patientKeys.historyEntry(trust, type, id, historyId),
    queryFn: () => getHistoryEntry(trust, type, id, historyId),
    enabled: Boolean(trust),
    // A past evaluation never changes.
    staleTime: Infinity,
    retry: false,
  });

export const useHistoryEntry = (trust: string, type: ProcedureCode, id: string, historyId: string) =>
  useQuery(historyEntryQueryOptions(trust, type, id, historyId));
