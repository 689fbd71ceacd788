import { queryOptions, useQuery } from '@tanstack/react-query';
import { riskSummarySchema } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { riskSummaryPollMs, stillScoring } from '../lib/summary-status';
import { patientUrls } from './endpoints';
import { patientKeys } from './query-keys';

/** spec §7: GET …/procedures/{type}/patients/{id}/risk-summary/. */
export const getRiskSummary = (trust: string, type: ProcedureCode, id: string) =>
  apiRequest(patientUrls.riskSummary(trust, type, id), { schema: riskSummarySchema });

/** spec §4: fetched again every 3 seconds while the record is waiting or being processed. */
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
