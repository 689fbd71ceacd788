import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import { pageSizes } from '@esr/contracts/paging';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './query-keys';

/** docs/requirements.md §7: GET …/patients/{id}/risk-summary/history, 20 a page (§9). */
export const getRiskHistory = (trust: string, type: ProcedureCode, id: string, pageNumber: number) =>
  apiRequest(endpoints.patients.riskHistory, {
    params: { trust, type, id },
    query: { pageNumber, pageSize: pageSizes.riskHistory },
  });

export const riskHistoryQueryOptions = (trust: string, type: ProcedureCode, id: string, pageNumber: number) =>
  queryOptions({
    queryKey: patientKeys.riskHistory(trust, type, id, pageNumber),
    queryFn: () => getRiskHistory(trust, type, id, pageNumber),
    enabled: Boolean(trust),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useRiskHistory = (trust: string, type: ProcedureCode, id: string, pageNumber: number) =>
  useQuery(riskHistoryQueryOptions(trust, type, id, pageNumber));
