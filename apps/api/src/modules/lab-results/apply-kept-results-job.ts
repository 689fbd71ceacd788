import { z } from 'zod';
import { procedureCodeSchema } from '@esr/contracts/procedures';
import { defineJob } from '../../platform/queue/job-definition.js';
import { applyKeptResults } from './received-results.js';

/**
 * After a list is confirmed, the blood results the trust's systems sent in the last 90 days for its
 * patients, applied where newer than the list's (decision 0047). Idempotent: a result already
 * applied changes nothing the second time.
 */
export const applyKeptResultsJob = defineJob({
  name: 'apply-kept-results',
  version: 1,
  payload: z.object({ trustCode: z.string(), procedureCode: procedureCodeSchema }),
  retryLimit: 3,
  policy: 'stately',
  expireInSeconds: 5 * 60,
  async handle({ trustCode, procedureCode }, context) {
    const { changed } = await applyKeptResults(context.db, trustCode, procedureCode, new Date());
    context.log.info({ job: 'apply-kept-results', changed }, 'kept results applied');
  },
});

export const keptResultsKey = (trustCode: string, procedureCode: string) => `${trustCode}/${procedureCode}`;
