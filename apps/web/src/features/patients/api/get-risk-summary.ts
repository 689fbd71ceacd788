import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { riskSummaryPollMs, stillScoring } from '../lib/summary-status';
import { patientKeys } from './query-keys';

/** docs/requirements.md §7: GET …/procedures/{type}/patients/{id}/risk-summary/. */
export const getRiskSummary = (trust: string, type: ProcedureCode, id: string) =>
  apiRequest(endpoints.patients.riskSummary, { params: { trust, type, id } });

/** docs/requirements.md §4: fetched again every 3 seconds while the record is waiting or being processed. */
export const riskSummaryQueryOptions = (trust: string, type: ProcedureCode, id: string) =>
  queryOptions({
    queryKey: patientKeys.riskSummary(trust, type, id),
    queryFn: () => getRiskSummary(trust, type, id),
    enabled: Boolean(trust),
    retry: false,
    refetchInterval: (query) =>
      query.state.status !== 'error' && stillScoring(query.state.data) ? riskSummaryPollMs : false,
  });

export const useRiskSummary = (trust: string, type: ProcedureCode, id: string) =>
  useQuery(riskSummaryQueryOptions(trust, type, id));
