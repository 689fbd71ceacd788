import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { RemodelRecord } from '@esr/contracts/remodel';
import { apiRequest } from '../../../lib/api-client';
import { storeNewSummary } from './store-new-summary';

/**
 * docs/requirements.md §7: PUT …/patients/{id} with the record and its changes; the server scores
 * it within the request and answers with the new risk summary.
 */
export const updateRemodelRecord = (trust: string, type: ProcedureCode, id: string, body: RemodelRecord) =>
  apiRequest(endpoints.patients.remodel, { params: { trust, type, id }, body });

export function useUpdateRemodelRecord(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RemodelRecord) => updateRemodelRecord(trust, type, id, body),
    onSuccess: (summary) => storeNewSummary(client, trust, type, id, summary),
  });
}
