import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './query-keys';

/** Under the pathway's key: a change to the pathway, or an outcomes file's confirm, refreshes it. */
export const pathwayOutcomeKey = (trust: string, type: ProcedureCode, id: string) =>
  [...patientKeys.pathway(trust, type, id), 'outcome'] as const;

/**
 * Decision 0045: GET …/patients/{id}/outcome: the pathway's outcome after surgery, the prediction
 * it is judged against, and every outcome recorded, newest first.
 */
export const getPathwayOutcome = (trust: string, type: ProcedureCode, id: string) =>
  apiRequest(endpoints.outcomes.pathwayOutcome, { params: { trust, type, id } });

export const pathwayOutcomeQueryOptions = (trust: string, type: ProcedureCode, id: string) =>
  queryOptions({
    queryKey: pathwayOutcomeKey(trust, type, id),
    queryFn: () => getPathwayOutcome(trust, type, id),
    enabled: Boolean(trust),
    retry: false,
  });

export const usePathwayOutcome = (trust: string, type: ProcedureCode, id: string) =>
  useQuery(pathwayOutcomeQueryOptions(trust, type, id));
