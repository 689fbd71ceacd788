import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { RiskSummary } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './query-keys';

/**
 * docs/requirements.md §7: POST …/patients/{id}/mark/anomaly/ flags the result, or unflags it (§4), with
 * the reason given: optional for a flag (decision 0039), required to remove one (decision 0056).
 */
export const markAnomaly = (trust: string, type: ProcedureCode, id: string, reason: string) =>
  apiRequest(endpoints.patients.markAnomaly, { params: { trust, type, id }, body: { reason } });

export function useMarkAnomaly(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => markAnomaly(trust, type, id, reason),
    onSuccess: async ({ isAnomaly, anomalyReason, evaluationId }) => {
      // The answer shows at once; the summary and the lists are then fetched again.
      client.setQueryData<RiskSummary>(patientKeys.riskSummary(trust, type, id), (summary) =>
        summary?.result && summary.result.evaluationId === evaluationId
          ? { ...summary, result: { ...summary.result, isAnomaly, anomalyReason } }
          : summary,
      );
      await client.invalidateQueries({ queryKey: patientKeys.trust(trust) });
    },
  });
}
