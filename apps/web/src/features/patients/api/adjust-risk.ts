import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { RiskAdjustmentRequest } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { storePathwayPrioritisation } from './store-pathway-prioritisation';

/**
 * Decision 0044: POST …/patients/{id}/risk-adjustment {prediction, reason} records the clinician's
 * view of the risk beside the model's; DELETE removes it (kept in the history). Clinicians only;
 * each answers the new status.
 */
export const adjustRisk = (trust: string, type: ProcedureCode, id: string, body: RiskAdjustmentRequest) =>
  apiRequest(endpoints.prioritisation.adjustRisk, { params: { trust, type, id }, body });

export const removeRiskAdjustment = (trust: string, type: ProcedureCode, id: string) =>
  apiRequest(endpoints.prioritisation.removeRiskAdjustment, { params: { trust, type, id } });

export function useAdjustRisk(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RiskAdjustmentRequest) => adjustRisk(trust, type, id, body),
    onSuccess: (answer) => storePathwayPrioritisation(client, trust, type, id, answer),
  });
}

export function useRemoveRiskAdjustment(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => removeRiskAdjustment(trust, type, id),
    onSuccess: (answer) => storePathwayPrioritisation(client, trust, type, id, answer),
  });
}
