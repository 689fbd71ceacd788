import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ValidationRequest } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { storePathwayPrioritisation } from './store-pathway-prioritisation';

/**
 * Decision 0044: POST …/patients/{id}/validations {outcome, contact, postponeTo, note} (clerical
 * users and waiting list admins); the answer is the new status.
 */
export const recordValidation = (trust: string, type: ProcedureCode, id: string, body: ValidationRequest) =>
  apiRequest(endpoints.prioritisation.recordValidation, { params: { trust, type, id }, body });

export function useRecordValidation(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ValidationRequest) => recordValidation(trust, type, id, body),
    onSuccess: (answer) => storePathwayPrioritisation(client, trust, type, id, answer),
  });
}
