import type { z } from 'zod';
import type { Database, Db } from '../db/client.js';

/**
 * What the process hands its jobs besides the database. Empty here: a module whose jobs need more
 * (the imports' reading settings and uploads) adds its entries by declaration merging, so that the
 * queue knows no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobServices {}

export interface JobContext extends JobServices {
  db: Db;
  /** Bulk loading (COPY) on whichever database the jobs run on. */
  database: Pick<Database, 'openCopy' | 'bulkWrite' | 'kind' | 'executeSql'>;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Lets a job queue the next one (confirm → scoring). */
  queue: JobQueue;
}

/**
 * The one way work is queued: a use case (or a job) that needs a job calls `enqueue` with the job's
 * definition, which its own module owns. Routes hand the queue to the use case and never name a job.
 */
export interface JobQueue {
  enqueue<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.infer<S>,
    options?: { singletonKey?: string },
  ): Promise<string | null>;
}

/**
 * A background job (docs/architecture.md, Jobs): a stable name, a versioned zod payload and an idempotent handler,
 * because delivery is at least once.
 */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string;
  version: number;
  payload: Schema;
  retryLimit?: number;
  /**
   * One waiting and one running job per singleton key (a list job, list-job.ts): pg-boss's 'short'
   * policy keeps one waiting, and a run of a key that another run holds is put off (decision 0069).
   */
  onePerKey?: boolean;
  /** How many of the queue's jobs one process runs at once (1 unless given). */
  concurrency?: number;
  /** How long a run may take before pg-boss hands the job to another worker. */
  expireInSeconds?: number;
  handle(payload: z.infer<Schema>, context: JobContext): Promise<void>;
}

/** The pg-boss queue of a job: its name and version, so a new payload version has a queue of its own. */
export const queueName = (job: Pick<JobDefinition, 'name' | 'version'>) => `${job.name}.v${job.version}`;

export function defineJob<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
): JobDefinition<Schema> {
  return definition;
}
