import { defineJob } from '../../platform/queue/job-definition.js';
import { validationJobRuns } from '../waiting-list/index.js';
import { validateOutcomes } from './outcomes-validation.js';

/** Reads, matches and stages an outcomes file (decision 0045). */
export const validateOutcomesJob = defineJob({
  name: 'validate-outcomes',
  version: 1,
  ...validationJobRuns,
  async handle(payload, context) {
    await validateOutcomes(context.db, context.database, payload.batchId, context.importSettings);
  },
});
