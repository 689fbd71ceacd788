import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { OutcomeRequest } from '@esr/contracts/outcomes';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { apiRequest } from '../../../lib/api-client';
import { pathwayOutcomeKey } from './get-pathway-outcome';
import { patientKeys } from './query-keys';

/** Decision 0045: POST …/patients/{id}/outcome (clinicians); the answer is the pathway's outcomes. */
export const recordOutcome = (trust: string, type: ProcedureCode, id: string, body: OutcomeRequest) =>
  apiRequest(endpoints.outcomes.recordOutcome, { params: { trust, type, id }, body });

/**
 * The answer is shown at once; everything else of the trust's waiting list is fetched again, since
 * an outcome archives a pathway still on the list (its summary, the lists, the counters and the
 * prioritisation worklist all show that).
 */
export function useRecordOutcome(trust: string, type: ProcedureCode, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OutcomeRequest) => recordOutcome(trust, type, id, body),
    onSuccess: async (answer) => {
      const key = pathwayOutcomeKey(trust, type, id);
      client.setQueryData(key, answer);
      await client.invalidateQueries({
        queryKey: patientKeys.trust(trust),
        predicate: (query) => query.queryHash !== hashKey(key),
      });
    },
  });
}
