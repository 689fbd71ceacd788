import { scorePending } from './scoring.js';
import { defineListJob, listJobKey } from '../../platform/queue/list-job.js';

/** Scores every active pathway of a trust and procedure that has no current evaluation (docs/architecture.md, Jobs). */
export const inferBatchJob = defineListJob({
  name: 'infer-batch',
  version: 1,
  async handle({ trustCode, procedureCode }, context) {
    const scored = await scorePending(context.db, context.database, trustCode, procedureCode);
    context.log.info({ job: 'infer-batch', scored }, 'scoring finished');
  },
});

export const scoringKey = listJobKey;
