import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSizes } from '@esr/contracts/paging';
import { riskHistorySchema } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { patientUrls } from './endpoints';
import { patientKeys } from './query-keys';

/** spec §7: GET …/patients/{id}/risk-summary/history, 20 a page (spec §9). */
export const getRiskHistory = (trust: string, type: ProcedureCode, id: string, pageNumber: number) =>
  apiRequest(patientUrls.riskHistory(trust, type, id), {
    query: { pageNumber, pageSize: pageSizes.riskHistory },
    schema: riskHistorySchema,
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
