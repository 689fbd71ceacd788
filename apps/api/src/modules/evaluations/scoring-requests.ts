import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/queue/job-definition.js';
import { inferBatchJob, scoringKey } from './infer-batch-job.js';

/** Asks for scoring of every trust and procedure with a pathway the active model has not scored. */
export async function requestScoringWherePending(
  db: Db,
  queue: JobQueue,
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
