import { z } from 'zod';
import { procedureCodeSchema } from '@esr/contracts/procedures';
import { defineJob } from '../../platform/queue/job-definition.js';
import { validateOutcomes } from './outcomes-validation.js';

/** Reads, matches and stages an outcomes file (decision 0045). */
export const validateOutcomesJob = defineJob({
  name: 'validate-outcomes',
  version: 1,
  payload: z.object({ batchId: z.uuid(), trustCode: z.string(), procedureCode: procedureCodeSchema }),
  retryLimit: 2,
  expireInSeconds: 20 * 60,
  async handle(payload, context) {
    await validateOutcomes(context.db, context.database, payload.batchId, context.importSettings);
  },
});
