import { confirmBatchJob } from './modules/waiting-list/index.js';
import type { JobDefinition } from './platform/queue/job-definition.js';
import { inferBatchJob } from './modules/evaluations/index.js';
import { validateBatchJob } from './modules/waiting-list/index.js';
import { validateOutcomesJob } from './modules/outcomes/index.js';
import { applyKeptResultsJob } from './modules/lab-results/index.js';

/** Every job the worker runs (docs/architecture.md, Jobs); each capability adds its own. */
export const allJobs: JobDefinition[] = [
  validateBatchJob,
  confirmBatchJob,
  inferBatchJob,
  validateOutcomesJob,
  applyKeptResultsJob,
];
