import { defineListJob, listJobKey } from '../../platform/queue/list-job.js';
import { applyKeptResults } from './received-results.js';

/**
 * After a list is confirmed, the blood results the trust's systems sent in the last 90 days for its
 * patients, applied where newer than the list's (decision 0047). Idempotent: a result already
 * applied changes nothing the second time.
 */
export const applyKeptResultsJob = defineListJob({
  name: 'apply-kept-results',
  version: 1,
  async handle({ trustCode, procedureCode }, context) {
    const { changed } = await applyKeptResults(context.db, trustCode, procedureCode, new Date());
    context.log.info({ job: 'apply-kept-results', changed }, 'kept results applied');
  },
});

export const keptResultsKey = listJobKey;
