import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './query-keys';

/** docs/requirements.md §7: GET …/patients/{id}/history/{historyId}: a past evaluation and the record it read. */
export const getHistoryEntry = (trust: string, type: ProcedureCode, id: string, historyId: string) =>
  apiRequest(endpoints.patients.historyEntry, { params: { trust, type, id, historyId } });

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
