import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { outcomesKeys } from './query-keys';

/**
 * Decision 0045: POST …/outcomes/confirm_import/ records the file's outcomes and archives the
 * operated pathways still on the list (200 once done, or when it was already confirmed); POST
 * …/outcomes/cancel_import/ keeps nothing of it. Either refreshes the trust's waiting-list data.
 */
export const confirmOutcomesImport = (trust: string, type: ProcedureCode, batchId: string) =>
  apiRequest(endpoints.outcomes.confirmImport, { params: { trust, type }, body: { batchId } });

export const cancelOutcomesImport = (trust: string, type: ProcedureCode, batchId: string) =>
  apiRequest(endpoints.outcomes.cancelImport, { params: { trust, type }, body: { batchId } });

export function useDecideOutcomesImport(trust: string, type: ProcedureCode) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: outcomesKeys.trust(trust) });
  return {
    confirm: useMutation({
      mutationFn: (batchId: string) => confirmOutcomesImport(trust, type, batchId),
      onSuccess,
    }),
    cancel: useMutation({
      mutationFn: (batchId: string) => cancelOutcomesImport(trust, type, batchId),
      onSuccess,
    }),
  };
}
