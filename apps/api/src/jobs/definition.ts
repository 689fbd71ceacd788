import type { z } from 'zod';
import type { Db } from '../db/client.js';

export interface JobContext {
  db: Db;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
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
  handle(payload: z.infer<Schema>, context: JobContext): Promise<void>;
}

export function defineJob<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
): JobDefinition<Schema> {
  return definition;
}
