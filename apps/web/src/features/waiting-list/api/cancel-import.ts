import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { importDecisionSchema } from '@esr/contracts/waiting-list';
import { apiRequest } from '../../../lib/api-client';
import { waitingListUrls } from './endpoints';
import { waitingListKeys } from './query-keys';

/** spec §7: POST …/files/cancel_import/ with {batchId}. */
export const cancelImport = (trust: string, type: ProcedureCode, batchId: string) =>
  apiRequest(waitingListUrls.files(trust, type, 'cancel_import'), {
    method: 'POST',
    body: { batchId },
    schema: importDecisionSchema,
  });

export function useCancelImport(trust: string, type: ProcedureCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => cancelImport(trust, type, batchId),
    onSuccess: () => client.invalidateQueries({ queryKey: waitingListKeys.all }),
  });
}
