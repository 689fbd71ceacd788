import { validateBatch } from './import-staging.js';
import { confirmBatchJob } from '../confirm/confirm-batch-job.js';
import { defineJob } from '../../../platform/queue/job-definition.js';
import { validationJobRuns } from '../batch-jobs.js';

/** Reads and stages both files of an upload (decision 0023; docs/architecture.md, Jobs). */
export const validateBatchJob = defineJob({
  name: 'validate-batch',
  version: 1,
  ...validationJobRuns,
  async handle(payload, context) {
    const { confirmNow } = await validateBatch(
      context.db,
      context.database,
      payload.batchId,
      context.importSettings,
      context.uploads,
    );
    if (confirmNow) await context.queue.enqueue(confirmBatchJob, payload, { singletonKey: payload.batchId });
  },
});
