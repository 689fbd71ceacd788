import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { waitingListKeys } from './query-keys';

/** docs/requirements.md §7: POST …/files/cancel_import/ with {batchId}. */
export const cancelImport = (trust: string, type: ProcedureCode, batchId: string) =>
  apiRequest(endpoints.waitingList.cancelImport, { params: { trust, type }, body: { batchId } });

export function useCancelImport(trust: string, type: ProcedureCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => cancelImport(trust, type, batchId),
    onSuccess: () => client.invalidateQueries({ queryKey: waitingListKeys.all }),
  });
}
