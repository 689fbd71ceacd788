/**
 * A job over one procedure's list of a trust (docs/architecture.md, Jobs; decision 0069): one
 * waiting and one running per list (its singleton key), so a request made while one waits is
 * covered by that one, and no list's run stops a worker taking another list's job.
 */
import { z } from 'zod';
import { procedureCodeSchema, procedureCodes } from '@esr/contracts/procedures';
import { defineJob, type JobContext, type JobDefinition } from './job-definition.js';

const listPayload = z.object({ trustCode: z.string(), procedureCode: procedureCodeSchema });

export type ListJob = JobDefinition<typeof listPayload>;

/**
 * How many jobs of a list's queue one process runs at once: one more than a trust has lists, so
 * that one trust's runs (one per list) never take every place, and another trust's job still starts.
 */
export const listJobsAtOnce = procedureCodes.length + 1;

export function defineListJob(job: {
  name: string;
  version: number;
  handle: (list: z.infer<typeof listPayload>, context: JobContext) => Promise<void>;
}): ListJob {
  return defineJob({
    ...job,
    payload: listPayload,
    retryLimit: 3,
    onePerKey: true,
    concurrency: listJobsAtOnce,
    expireInSeconds: 5 * 60,
  });
}

/** The singleton key of a list's job, given when it is queued. */
export const listJobKey = (trustCode: string, procedureCode: string) => `${trustCode}/${procedureCode}`;
