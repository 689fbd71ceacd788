import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { HarmReviewRequest } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { storePathwayPrioritisation } from './store-pathway-prioritisation';

/**
 * Decision 0044: POST …/patients/{id}/harm-reviews {level, actions, note} (clinicians); moderate or
 * severe harm with moved_up_category moves the priority up one category. The answer is the new status.
 */
export const recordHarmReview = (trust: string, type: ProcedureCode, id: string, body: HarmReviewRequest) =>
  apiRequest(endpoints.prioritisation.recordHarmReview, { params: { trust, type, id }, body });

export function useRecordHarmReview(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HarmReviewRequest) => recordHarmReview(trust, type, id, body),
    onSuccess: (answer) => storePathwayPrioritisation(client, trust, type, id, answer),
  });
}
