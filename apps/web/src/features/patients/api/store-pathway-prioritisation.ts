import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { PathwayPrioritisation } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { patientKeys } from './query-keys';

/**
 * After a change to a pathway's prioritisation the server answers with the pathway's new status:
 * it is shown at once, and what else shows it is marked stale and fetched again: the risk summary
 * (a validation that removes the pathway archives it), the trust's patient lists, and anything
 * keyed under 'prioritisation' (the prioritisation worklist, its matrix and equity tables, whose
 * keys this feature cannot import).
 */
export async function storePathwayPrioritisation(
  client: QueryClient,
  trust: string,
  type: ProcedureCode,
  id: string,
  answer: PathwayPrioritisation,
): Promise<void> {
  const key = patientKeys.pathwayPrioritisation(trust, type, id);
  const trustRoot: readonly unknown[] = patientKeys.trust(trust);
  await client.cancelQueries({ queryKey: key });
  client.setQueryData(key, answer);
  await client.invalidateQueries({
    predicate: (query) =>
      query.queryHash !== hashKey(key) &&
      (trustRoot.every((part, index) => query.queryKey[index] === part) ||
        query.queryKey.includes('prioritisation')),
  });
}
