import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { RiskSummary } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { patientKeys } from './query-keys';

/**
 * After a change the server answers with the pathway's new summary: it is shown at once, and
 * everything else read about the trust's patients is marked stale, fetched again when next shown
 * (so the form being left is not refilled).
 */
export async function storeNewSummary(
  client: QueryClient,
  trust: string,
  type: ProcedureCode,
  id: string,
  summary: RiskSummary,
): Promise<void> {
  const summaryKey = patientKeys.riskSummary(trust, type, id);
  await client.cancelQueries({ queryKey: summaryKey });
  client.setQueryData(summaryKey, summary);
  await client.invalidateQueries({
    queryKey: patientKeys.trust(trust),
    predicate: (query) => query.queryHash !== hashKey(summaryKey),
    refetchType: 'none',
  });
}
