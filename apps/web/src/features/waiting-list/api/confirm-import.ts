import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { waitingListKeys } from './query-keys';

/** docs/requirements.md §7: POST …/files/confirm_import/ with {batchId}; 202 or 200 is success (§4). */
export const confirmImport = (trust: string, type: ProcedureCode, batchId: string) =>
  apiRequest(endpoints.waitingList.confirmImport, { params: { trust, type }, body: { batchId } });

export function useConfirmImport(trust: string, type: ProcedureCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => confirmImport(trust, type, batchId),
    onSuccess: () => client.invalidateQueries({ queryKey: waitingListKeys.all }),
  });
}
