import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { OptimisationRequest } from '@esr/contracts/optimisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './query-keys';

/**
 * Decision 0071: POST …/patients/{id}/optimisation {factor, status, service, note, reason}
 * (clinicians every status; waiting list admins referred, in progress and declined). The answer is
 * every factor as it now is: shown at once wherever the pathway's factors are.
 */
export const recordOptimisation = (
  trust: string,
  type: ProcedureCode,
  id: string,
  body: OptimisationRequest,
) => apiRequest(endpoints.optimisation.record, { params: { trust, type, id }, body });

export function useRecordOptimisation(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OptimisationRequest) => recordOptimisation(trust, type, id, body),
    onSuccess: async (answer) => {
      const key = patientKeys.pathwayOptimisation(trust, type, id);
      await client.cancelQueries({ queryKey: key });
      client.setQueryData(key, answer);
    },
  });
}
