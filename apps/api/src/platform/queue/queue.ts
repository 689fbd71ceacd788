import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { queueName, type JobContext, type JobDefinition, type JobQueue } from './job-definition.js';
import { orphanSweepSeconds, orphanedJobs, runningJobLocks } from './running-jobs.js';

export interface Queue extends JobQueue {
  /** Jobs of these queues that are waiting or running, for service-status screens (docs/architecture.md, Jobs). */
  pendingCount(job: JobDefinition): Promise<number>;
  stop(): Promise<void>;
}

/** The advisory lock under which a process creates the queues (beside the migrations' 727_341_001). */
const queueCreationLockKey = 727_341_003;

/**
 * Creates the queues of the jobs. Processes started together (a deployment's API processes and
 * workers) would create the same queues at once, and pg-boss's creation of a queue's table
 * deadlocks with another's: one process creates them while the others wait, as for the migrations.
 */
async function createQueues(boss: PgBoss, database: Database, jobs: JobDefinition[]) {
  const create = async () => {
    for (const job of jobs)
      await boss.createQueue(queueName(job), {
        name: queueName(job),
        retryLimit: job.retryLimit ?? 3,
        retryDelay: 5,
        retryBackoff: true,
        // 'short': one waiting job per singleton key, and none of pg-boss's own gate on running ones,
        // whose fetch stalls the whole queue behind a list's waiting job (decision 0069).
        policy: job.onePerKey ? 'short' : 'standard',
        ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
      });
  };
  if (database.kind === 'postgres')
    await database.bulkWrite(async (writer) => {
      await writer.query('select pg_advisory_xact_lock($1)', [queueCreationLockKey]);
      await create();
    });
  else await create();
}

/**
 * How long the run of a list is put off while another run of that list goes on: it is looked at
 * again after this, until the other has finished.
 */
export const putOffSeconds = 3;

type Locks = ReturnType<typeof runningJobLocks>;

/**
 * Runs one job under its lock (running-jobs.ts), logged. A job that runs one at a time per key
 * (a list job) first takes its list's lock; while another run holds it, the job is queued again a
 * little later and this one ends, so that the worker goes on to other lists' jobs (decision 0069).
 */
async function runJob(
  boss: PgBoss,
  job: JobDefinition,
  item: PgBoss.JobWithMetadata<unknown>,
  context: JobContext,
  locks: Locks,
) {
  const payload = job.payload.parse(item.data) as object;
  const key = job.onePerKey ? `${queueName(job)} ${item.singletonKey ?? ''}` : null;
  if (key && !(await locks.holdKey(key))) {
    // pg-boss keeps one waiting job per key: when one already waits, it covers this request.
    await boss.send(queueName(job), payload, {
      ...(item.singletonKey ? { singletonKey: item.singletonKey } : {}),
      startAfter: putOffSeconds,
    });
    context.log.info({ job: job.name, id: item.id }, 'job put off: its list is running');
    return;
  }
  context.log.info({ job: job.name, id: item.id }, 'job started');
  const held = await locks.hold(item.id);
  try {
    await job.handle(payload, context);
  } catch (error) {
    context.log.error({ job: job.name, id: item.id, err: error }, 'job failed');
    throw error;
  } finally {
    if (held) await locks.release(item.id);
    if (key) await locks.releaseKey(key);
  }
  context.log.info({ job: job.name, id: item.id }, 'job finished');
}

/**
 * This process's workers of each queue: as many as the job runs at once, each taking one job at a
 * time (pg-boss 10 runs one worker's jobs one after another).
 */
async function workJobs(
  boss: PgBoss,
  jobs: JobDefinition[],
  context: JobContext,
  options: { locks: Locks; workers: Map<string, string[]>; pollingIntervalSeconds: number },
) {
  for (const job of jobs) {
    const ids: string[] = [];
    for (let place = 0; place < (job.concurrency ?? 1); place++)
      ids.push(
        await boss.work<unknown>(
          queueName(job),
          { pollingIntervalSeconds: options.pollingIntervalSeconds, includeMetadata: true },
          async (batch) => {
            for (const item of batch) await runJob(boss, job, item, context, options.locks);
          },
        ),
      );
    options.workers.set(queueName(job), ids);
  }
}

/**
 * A job whose process stopped (killed, or its machine lost) is failed, so that pg-boss retries it
 * after its retry delay rather than after its expiry; its handler is idempotent (docs/architecture.md,
 * Jobs). Looked for now and every `orphanSweepSeconds`.
 */
async function handOnOrphans(
  boss: PgBoss,
  database: Database,
  jobs: JobDefinition[],
  log: JobContext['log'],
): Promise<NodeJS.Timeout> {
  const names = jobs.map(queueName);
  const handOn = async () => {
    try {
      for (const orphan of await orphanedJobs(database, names)) {
        log.error({ job: orphan.name, id: orphan.id }, 'job handed on: its process stopped');
        await boss.fail(orphan.name, orphan.id, { message: 'The process running this job stopped' });
      }
    } catch (error) {
      log.error({ err: error }, 'looking for jobs whose process stopped failed');
    }
  };
  await handOn();
  const sweep = setInterval(() => void handOn(), orphanSweepSeconds * 1000);
  sweep.unref();
  return sweep;
}

/**
 * One queue library over the product's own database (pg-boss 10.x, docs/architecture.md, Jobs), on PostgreSQL
 * through its own pool and on PGlite through the shared connection, so the same code path runs in
 * the embedded default and in production.
 */
export async function startQueue(
  database: Database,
  jobs: JobDefinition[],
  options: {
    work: boolean;
    context: Omit<JobContext, 'queue' | 'database'>;
    pollingIntervalSeconds?: number;
  },
): Promise<Queue> {
  const boss = new PgBoss(
    database.kind === 'postgres'
      ? { connectionString: database.connectionString!, max: 5, application_name: 'esr-queue' }
      : { db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) } },
  );
  boss.on('error', (error: Error) => options.context.log.error({ err: error }, 'job queue error'));
  await boss.start();
  // This process's worker of each queue, woken when it queues a job there: a clerk's upload or
  // confirm then starts at once instead of at the worker's next poll (up to a second later).
  const workers = new Map<string, string[]>();
  const enqueue: Queue['enqueue'] = async (job, payload, sendOptions) => {
    const id = await boss.send(queueName(job), job.payload.parse(payload) as object, {
      ...(sendOptions?.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
    });
    // Each of them: the one that takes it is whichever is free.
    if (id) for (const worker of workers.get(queueName(job)) ?? []) boss.notifyWorker(worker);
    return id;
  };
  const context: JobContext = { ...options.context, database, queue: { enqueue } };
  const locks = options.work
    ? runningJobLocks(database, (error) =>
        options.context.log.error({ err: error }, 'running jobs lock connection failed'),
      )
    : undefined;
  await createQueues(boss, database, jobs);
  if (options.work)
    await workJobs(boss, jobs, context, {
      locks: locks!,
      workers,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    });
  const sweep = options.work ? await handOnOrphans(boss, database, jobs, options.context.log) : undefined;
  return {
    enqueue,
    async pendingCount(job) {
      return (await boss.getQueueSize(queueName(job), { before: 'completed' })) ?? 0;
    },
    async stop() {
      clearInterval(sweep);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await locks?.close();
    },
  };
}
