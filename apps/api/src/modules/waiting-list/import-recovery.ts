/**
 * Work a stopped server left unfinished is queued again at start (security baseline "Nothing lost"
 * 4): uploads still being validated or confirmed, and pathways not yet scored. Every job is
 * idempotent, so one that pg-boss also retries later does nothing twice.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client.js';
import { confirmBatchJob } from './confirm/confirm-batch-job.js';
import { requestScoringWherePending } from '../evaluations/index.js';
import { validateBatchJob } from './stage/validate-batch-job.js';
import type { JobQueue } from '../../platform/queue/job-definition.js';
import { expireBatches } from './stage/import-staging.js';

export async function resumeInterruptedWork(db: Db, queue: JobQueue): Promise<void> {
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
