/** The service status of a trust's procedure (docs/requirements.md §3): busy while its jobs wait or run. */
import { sql } from 'drizzle-orm';
import { type ServiceStatus } from '@esr/contracts/waiting-list';
import { queryRows, type Db } from '../../platform/db/client.js';
import { requireAccess } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { type Principal } from '../identity/index.js';
import { queueName } from '../../platform/queue/job-definition.js';
import { inferBatchJob } from '../evaluations/index.js';
import { confirmBatchJob } from './confirm/confirm-batch-job.js';
import { validateBatchJob } from './stage/validate-batch-job.js';

/** Queue names of the jobs that make a trust's procedure busy (docs/architecture.md, Jobs: status from the queue). */
export const busyJobQueues = [validateBatchJob, confirmBatchJob, inferBatchJob].map(queueName);
/**
 * Busy while a validation, confirm or scoring job waits or runs for the trust and procedure (DESIGN
 * §7: from the queue). A validation or confirm job whose upload is already decided is moot: a
 * worker that died in it leaves it "active" until pg-boss expires it, and must not keep the
 * service busy once another worker has finished the work.
 */
export async function isBusy(db: Db, trustCode: string, procedureCode: string): Promise<boolean> {
  const [row] = await queryRows<{ busy: boolean }>(
    db,
    sql`select exists (
      select 1 from pgboss.job j
      where j.name in (${sql.join(
        busyJobQueues.map((name) => sql`${name}`),
        sql`, `,
      )})
        and j.state < 'completed'
        and j.data->>'trustCode' = ${trustCode}
        and j.data->>'procedureCode' = ${procedureCode}
        and (j.data->>'batchId' is null or exists (
          select 1 from import_batches b
          where b.id = (j.data->>'batchId')::uuid and b.status in ('VALIDATING', 'CONFIRMING')))
    ) or exists (
      -- A confirmed list waits to be scored from its commit on, before its scoring job is queued;
      -- with no active model there is nothing to wait for, and the clerk may upload again.
      select 1 from pathways p
      where p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode}
        and p.is_active and p.status = 'waiting'
        and exists (select 1 from ml_models m
          where m.trust_code = ${trustCode} and m.procedure_code = ${procedureCode} and m.is_active)
    ) as busy`,
  );
  return row?.busy === true;
}

export async function serviceStatus(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
): Promise<ServiceStatus> {
  requireAccess(principal, 'waiting-list:read', trustCode);
  await procedureName(db, procedureCode);
  const [run] = await queryRows<{ last_run: string | Date | null }>(
    db,
    sql`select last_run from inference_runs where trust_code = ${trustCode} and procedure_code = ${procedureCode}`,
  );
  return {
    status: (await isBusy(db, trustCode, procedureCode)) ? 'busy' : 'idle',
    lastRun: run?.last_run ? new Date(run.last_run).toISOString() : null,
  };
}
