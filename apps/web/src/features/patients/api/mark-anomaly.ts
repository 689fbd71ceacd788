import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { RiskSummary } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './query-keys';

/** docs/requirements.md §7: POST …/patients/{id}/mark/anomaly/ (no body) flags the result, or unflags it (§4). */
export const markAnomaly = (trust: string, type: ProcedureCode, id: string) =>
  apiRequest(endpoints.patients.markAnomaly, { params: { trust, type, id } });

export function useMarkAnomaly(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => markAnomaly(trust, type, id),
    onSuccess: async ({ isAnomaly, evaluationId }) => {
      // The answer shows at once; the summary and the lists are then fetched again.
      client.setQueryData<RiskSummary>(patientKeys.riskSummary(trust, type, id), (summary) =>
        summary?.result && summary.result.evaluationId === evaluationId
          ? { ...summary, result: { ...summary.result, isAnomaly } }
          : summary,
      );
      await client.invalidateQueries({ queryKey: patientKeys.trust(trust) });
    },
  });
}
