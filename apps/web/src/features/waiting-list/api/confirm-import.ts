import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { importDecisionSchema } from '@esr/contracts/waiting-list';
import { apiRequest } from '../../../lib/api-client';
import { waitingListUrls } from './endpoints';
import { waitingListKeys } from './query-keys';

/** spec §7: POST …/files/confirm_import/ with {batchId}; 202 or 200 is success (spec §4). */
export const confirmImport = (trust: string, type: ProcedureCode, batchId: string) =>
  apiRequest(waitingListUrls.files(trust, type, 'confirm_import'), {
    method: 'POST',
    body: { batchId },
    schema: importDecisionSchema,
  });

export function useConfirmImport(trust: string, type: ProcedureCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => confirmImport(trust, type, batchId),
    onSuccess: () => client.invalidateQueries({ queryKey: waitingListKeys.all }),
  });
}
