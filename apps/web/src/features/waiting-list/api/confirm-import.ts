import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { waitingListKeys } from './query-keys';

/**
 * docs/requirements.md §7: POST …/files/confirm_import/ with {batchId}, and the number archived
 * when the summary warns of it (docs/decisions/0053-archive-warning-on-confirm.md); 202 or 200 is
 * success (§4).
 */
export const confirmImport = (
  trust: string,
  type: ProcedureCode,
  body: { batchId: string; archiveCount?: number | undefined },
) => apiRequest(endpoints.waitingList.confirmImport, { params: { trust, type }, body });

export function useConfirmImport(trust: string, type: ProcedureCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { batchId: string; archiveCount?: number | undefined }) =>
      confirmImport(trust, type, body),
    onSuccess: () => client.invalidateQueries({ queryKey: waitingListKeys.all }),
  });
}
