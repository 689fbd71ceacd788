import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { PriorityChangeRequest } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { storePathwayPrioritisation } from './store-pathway-prioritisation';

/** Decision 0044: POST …/patients/{id}/priority {priorityCode, reason} (clinicians); the answer is the new status. */
export const changePriority = (trust: string, type: ProcedureCode, id: string, body: PriorityChangeRequest) =>
  apiRequest(endpoints.prioritisation.changePriority, { params: { trust, type, id }, body });

export function useChangePriority(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PriorityChangeRequest) => changePriority(trust, type, id, body),
    onSuccess: (answer) => storePathwayPrioritisation(client, trust, type, id, answer),
  });
}
