import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './query-keys';

/**
 * Decision 0044: GET …/procedures/{type}/patients/{id}/prioritisation: the pathway's priority,
 * wait, validation and harm review status, the clinician's view of the risk, and their history.
 */
export const getPathwayPrioritisation = (trust: string, type: ProcedureCode, id: string) =>
  apiRequest(endpoints.prioritisation.pathway, { params: { trust, type, id } });

export const pathwayPrioritisationQueryOptions = (trust: string, type: ProcedureCode, id: string) =>
  queryOptions({
    queryKey: patientKeys.pathwayPrioritisation(trust, type, id),
    queryFn: () => getPathwayPrioritisation(trust, type, id),
    enabled: Boolean(trust),
    retry: false,
  });

export const usePathwayPrioritisation = (trust: string, type: ProcedureCode, id: string) =>
  useQuery(pathwayPrioritisationQueryOptions(trust, type, id));
