import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';

/**
 * PUT …/prediction-suspension and POST …/lift (decision 0063): the clinical safety officer suspends
 * a procedure's predictions, or lifts the suspension. Every band the app holds may have changed, so
 * every query is read again.
 */
export function useSuspendPredictions(trust: string, type: ProcedureCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { reason: string }) =>
      apiRequest(endpoints.predictionSuspension.suspend, { params: { trust, type }, body: request }),
    onSuccess: () => void client.invalidateQueries(),
  });
}

export function useLiftSuspension(trust: string, type: ProcedureCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { reason: string }) =>
      apiRequest(endpoints.predictionSuspension.lift, { params: { trust, type }, body: request }),
    onSuccess: () => void client.invalidateQueries(),
  });
}
