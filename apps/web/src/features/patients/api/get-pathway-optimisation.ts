import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './query-keys';

/**
 * Decision 0071: GET …/procedures/{type}/patients/{id}/optimisation: the risk factors the pathway's
 * current values show, each with its status, due date, what is asked and its dated entries.
 */
export const getPathwayOptimisation = (trust: string, type: ProcedureCode, id: string) =>
  apiRequest(endpoints.optimisation.pathway, { params: { trust, type, id } });

export const pathwayOptimisationQueryOptions = (trust: string, type: ProcedureCode, id: string) =>
  queryOptions({
    queryKey: patientKeys.pathwayOptimisation(trust, type, id),
    queryFn: () => getPathwayOptimisation(trust, type, id),
    enabled: Boolean(trust),
    retry: false,
  });

export const usePathwayOptimisation = (trust: string, type: ProcedureCode, id: string) =>
  useQuery(pathwayOptimisationQueryOptions(trust, type, id));
