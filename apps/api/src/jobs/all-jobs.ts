import type { JobDefinition } from './definition.js';

/** Every job the worker runs (DESIGN §7); each capability adds its own. */
export const allJobs: JobDefinition[] = [];
