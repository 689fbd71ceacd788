import { applyConfirmedImport, refreshListStatistics } from './import-confirm.js';
import { activeRiskModel } from '../../models/index.js';
import { defineJob } from '../../../platform/queue/job-definition.js';
import { listJobsAtOnce } from '../../../platform/queue/list-job.js';
import { batchJobPayload } from '../batch-jobs.js';
import { inferBatchJob, scoringKey } from '../../evaluations/index.js';
import { applyKeptResultsJob, keptResultsKey } from '../../lab-results/index.js';

/** Makes a confirmed upload the active list, scored (decision 0023; docs/architecture.md, Jobs; decision 0028). */
export const confirmBatchJob = defineJob({
  name: 'confirm-batch',
  version: 1,
  payload: batchJobPayload,
  retryLimit: 5,
  expireInSeconds: 5 * 60,
  // A confirm is of one list: as for the list jobs, one trust's confirms never take every place
  // of a process (decision 0069).
  concurrency: listJobsAtOnce,
  async handle({ batchId, trustCode, procedureCode }, context) {
    const applied = await applyConfirmedImport(context.database, context.db, batchId);
    if (applied) {
      context.log.info({ job: 'confirm-batch', ...applied }, 'import applied');
      await refreshListStatistics(context.database, applied);
    }
    // A scoring run only for what the confirm could not score: pathways it left waiting, or a model
    // that became active while it ran. Also when a retry finds the batch already applied: the
    // first run may have died before this.
    const active = applied && (await activeRiskModel(context.db, trustCode, procedureCode));
    if (!applied || applied.waiting > 0 || (active?.id ?? null) !== applied.modelId)
      await context.queue.enqueue(
        inferBatchJob,
        { trustCode, procedureCode },
        { singletonKey: scoringKey(trustCode, procedureCode) },
      );
    // Results the trust's systems sent for patients now on the list (decision 0047).
    await context.queue.enqueue(
      applyKeptResultsJob,
      { trustCode, procedureCode },
      { singletonKey: keptResultsKey(trustCode, procedureCode) },
    );
  },
});
