import { z } from 'zod';
import { procedureCodeSchema } from '@esr/contracts/procedures';

/** What an upload batch's jobs are given: the batch, and the list (trust and procedure) it is for. */
export const batchJobPayload = z.object({
  batchId: z.uuid(),
  trustCode: z.string(),
  procedureCode: procedureCodeSchema,
});

/**
 * How the job that reads and stages an upload runs, the waiting list's and the outcomes file's alike
 * (decisions 0023 and 0045): twenty minutes for a large file, and two retries, each starting again
 * from the stored file.
 */
export const validationJobRuns = { payload: batchJobPayload, retryLimit: 2, expireInSeconds: 20 * 60 };
