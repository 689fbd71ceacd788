import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { storeNewSummary } from './store-new-summary';

/**
 * POST …/patients/{id}/review-changes (decision 0056): a clinician marks the changes clerical staff
 * made as reviewed; the server answers with the summary they leave.
 */
export const reviewChanges = (trust: string, type: ProcedureCode, id: string) =>
  apiRequest(endpoints.patients.reviewChanges, { params: { trust, type, id } });

export function useReviewChanges(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => reviewChanges(trust, type, id),
    onSuccess: (summary) => storeNewSummary(client, trust, type, id, summary),
  });
}
