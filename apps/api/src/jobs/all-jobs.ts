import { confirmBatchJob } from './confirm-batch.js';
import type { JobDefinition } from './definition.js';
import { inferBatchJob } from './infer-batch.js';
import { validateBatchJob } from './validate-batch.js';

/** Every job the worker runs (DESIGN §7); each capability adds its own. */
export const allJobs: JobDefinition[] = [validateBatchJob, confirmBatchJob, inferBatchJob];
