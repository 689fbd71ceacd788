import type { z } from 'zod';
import type { Database, Db } from '../db/client.js';
import type { ReadingSettings } from '../services/import-reading.js';
import type { FileReading } from '../services/import-reading.js';
import type { UploadHandoff } from '../services/upload-handoff.js';

export interface JobContext {
  db: Db;
  /** Bulk loading (COPY) on whichever database the jobs run on. */
  database: Pick<Database, 'openCopy' | 'bulkWrite' | 'kind' | 'executeSql'>;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Lets a job queue the next one (confirm → scoring). */
  enqueue<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.infer<S>,
    options?: { singletonKey?: string },
  ): Promise<string | null>;
  settings: JobSettings;
  /** Files this process stored for an upload, handed to its validation job (none in the worker). */
  uploads?: UploadHandoff<FileReading>;
}

export interface JobSettings {
  import: ReadingSettings;
}

/**
 * A background job (DESIGN §7): a stable name, a versioned zod payload and an idempotent handler,
 * because delivery is at least once.
 */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string;
  version: number;
  payload: Schema;
  retryLimit?: number;
  /** pg-boss queue policy: 'stately' keeps one waiting and one running job per singleton key. */
  policy?: 'standard' | 'stately';
  /** How long a run may take before pg-boss hands the job to another worker. */
  expireInSeconds?: number;
  handle(payload: z.infer<Schema>, context: JobContext): Promise<void>;
}

export function defineJob<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
): JobDefinition<Schema> {
  return definition;
}
