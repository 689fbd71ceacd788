/**
 * A job over one procedure's list of a trust (docs/architecture.md, Jobs). pg-boss's 'stately'
 * policy keeps one waiting and one running per list (its singleton key), so a request made while
 * one waits is covered by that one.
 */
import { z } from 'zod';
import { procedureCodeSchema } from '@esr/contracts/procedures';
import { defineJob, type JobContext, type JobDefinition } from './job-definition.js';

const listPayload = z.object({ trustCode: z.string(), procedureCode: procedureCodeSchema });

export type ListJob = JobDefinition<typeof listPayload>;

export function defineListJob(job: {
  name: string;
  version: number;
  handle: (list: z.infer<typeof listPayload>, context: JobContext) => Promise<void>;
}): ListJob {
  return defineJob({
    ...job,
    payload: listPayload,
    retryLimit: 3,
    policy: 'stately',
    expireInSeconds: 5 * 60,
  });
}

/** The singleton key of a list's job, given when it is queued. */
export const listJobKey = (trustCode: string, procedureCode: string) => `${trustCode}/${procedureCode}`;
