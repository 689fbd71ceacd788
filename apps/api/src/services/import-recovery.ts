/**
 * Work a stopped server left unfinished is queued again at start (security baseline "Nothing lost"
 * 4): uploads still being validated or confirmed, and pathways not yet scored. Every job is
 * idempotent, so one that pg-boss also retries later does nothing twice.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { confirmBatchJob } from '../jobs/confirm-batch.js';
import { inferBatchJob, scoringKey } from '../jobs/infer-batch.js';
import { validateBatchJob } from '../jobs/validate-batch.js';
import type { Queue } from './queue.js';
import { expireBatches } from './import-staging.js';

export async function resumeInterruptedWork(db: Db, queue: Pick<Queue, 'enqueue'>): Promise<void> {
  await expireBatches(db);
  const batches = await queryRows<{ id: string; trust_code: string; procedure_code: string; status: string }>(
    db,
    sql`select id, trust_code, procedure_code, status from import_batches
      where status in ('VALIDATING', 'CONFIRMING') order by created_at`,
  );
  for (const batch of batches) {
    const payload = { batchId: batch.id, trustCode: batch.trust_code, procedureCode: batch.procedure_code };
    if (batch.status === 'VALIDATING') await queue.enqueue(validateBatchJob, payload as never);
    else await queue.enqueue(confirmBatchJob, payload as never, { singletonKey: batch.id });
  }
  await requestScoringWherePending(db, queue);
}

/** Asks for scoring of every trust and procedure with a pathway the active model has not scored. */
export async function requestScoringWherePending(
  db: Db,
  queue: Pick<Queue, 'enqueue'>,
  scope?: { trustCode: string; procedureCode: string },
): Promise<void> {
  const pending = await queryRows<{ trust_code: string; procedure_code: string }>(
    db,
    sql`select distinct p.trust_code, p.procedure_code
      from pathways p
      join ml_models m on m.trust_code = p.trust_code and m.procedure_code = p.procedure_code and m.is_active
      where p.is_active and (p.status = 'waiting' or p.scored_model_id is distinct from m.id)
        ${scope ? sql`and p.trust_code = ${scope.trustCode} and p.procedure_code = ${scope.procedureCode}` : sql``}`,
  );
  for (const { trust_code: trustCode, procedure_code: procedureCode } of pending) {
    await queue.enqueue(
      inferBatchJob,
      { trustCode, procedureCode: procedureCode as never },
      { singletonKey: scoringKey(trustCode, procedureCode) },
    );
  }
}
