import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import type { WorklistFilters } from '../lib/worklist-params';
import { prioritisationKeys } from './query-keys';

/** GET …/prioritisation/matrix: the active pathways by risk band × wait band, with the flag counts. */
export const getMatrix = (trust: string, type: ProcedureCode, filters: WorklistFilters) =>
  apiRequest(endpoints.prioritisation.matrix, { params: { trust, type }, query: { ...filters } });

export const matrixQueryOptions = (trust: string, type: ProcedureCode, filters: WorklistFilters) =>
  queryOptions({
    queryKey: prioritisationKeys.matrix(trust, type, filters),
    queryFn: () => getMatrix(trust, type, filters),
    enabled: Boolean(trust),
    placeholderData: keepPreviousData,
    // docs/requirements.md §8: a failed load offers its own retry at once rather than after a silent second try.
    retry: false,
  });

export const useMatrix = (trust: string, type: ProcedureCode, filters: WorklistFilters) =>
  useQuery(matrixQueryOptions(trust, type, filters));
