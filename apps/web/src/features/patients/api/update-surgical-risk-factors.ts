import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { SurgicalRiskFactorsRequest } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { storeNewSummary } from './store-new-summary';

/**
 * docs/requirements.md §7: PUT …/patients/{id}/surgical-risk-factors/ with {trustCode, id, social,
 * surgery, surgeonName}; the answer is the summary with the new details.
 */
export const updateSurgicalRiskFactors = (
  trust: string,
  type: ProcedureCode,
  id: string,
  body: SurgicalRiskFactorsRequest,
) => apiRequest(endpoints.patients.surgicalRiskFactors, { params: { trust, type, id }, body });

export function useUpdateSurgicalRiskFactors(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<SurgicalRiskFactorsRequest, 'social' | 'surgery' | 'surgeonName'>) =>
      updateSurgicalRiskFactors(trust, type, id, { trustCode: trust, id, ...body }),
    onSuccess: (summary) => storeNewSummary(client, trust, type, id, summary),
  });
}
