import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './query-keys';

/** docs/requirements.md §7: GET …/patients/{id}: the record the remodel form edits. */
export const getRemodelRecord = (trust: string, type: ProcedureCode, id: string) =>
  apiRequest(endpoints.patients.remodelRecord, { params: { trust, type, id } });

export const remodelRecordQueryOptions = (trust: string, type: ProcedureCode, id: string) =>
  queryOptions({
    queryKey: patientKeys.remodelRecord(trust, type, id),
    queryFn: () => getRemodelRecord(trust, type, id),
    enabled: Boolean(trust),
    // The form starts from what the record holds now, not from a copy cached earlier.
    staleTime: 0,
    retry: false,
  });

export const useRemodelRecord = (trust: string, type: ProcedureCode, id: string) =>
  useQuery(remodelRecordQueryOptions(trust, type, id));
