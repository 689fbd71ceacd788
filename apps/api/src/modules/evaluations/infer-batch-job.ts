import { z } from 'zod';
import { procedureCodeSchema } from '@esr/contracts/procedures';
import { scorePending } from './scoring.js';
import { defineJob } from '../../platform/queue/job-definition.js';

/** Scores every active pathway of a trust and procedure that has no current evaluation (docs/architecture.md, Jobs). */
export const inferBatchJob = defineJob({
  name: 'infer-batch',
  version: 1,
  payload: z.object({ trustCode: z.string(), procedureCode: procedureCodeSchema }),
  retryLimit: 3,
  // One waiting and one running per trust and procedure: a later request is covered by the waiting one.
  policy: 'stately',
  expireInSeconds: 5 * 60,
  async handle({ trustCode, procedureCode }, context) {
    const scored = await scorePending(context.db, context.database, trustCode, procedureCode);
    context.log.info({ job: 'infer-batch', scored }, 'scoring finished');
  },
});

export const scoringKey = (trustCode: string, procedureCode: string) => `${trustCode}/${procedureCode}`;
