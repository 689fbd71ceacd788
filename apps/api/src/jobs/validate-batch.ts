import { z } from 'zod';
import { procedureCodeSchema } from '@esr/contracts/procedures';
import { validateBatch } from '../services/import-staging.js';
import { confirmBatchJob } from './confirm-batch.js';
import { defineJob } from './definition.js';

/** Reads and stages both files of an upload (DESIGN §5, §7). */
export const validateBatchJob = defineJob({
  name: 'validate-batch',
  version: 1,
  payload: z.object({ batchId: z.uuid(), trustCode: z.string(), procedureCode: procedureCodeSchema }),
  retryLimit: 2,
  expireInSeconds: 20 * 60,
  async handle(payload, context) {
    const { confirmNow } = await validateBatch(
      context.db,
      context.database,
      payload.batchId,
      context.settings.import,
      context.uploads,
    );
    if (confirmNow) await context.enqueue(confirmBatchJob, payload, { singletonKey: payload.batchId });
  },
});
