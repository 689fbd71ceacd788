import { z } from 'zod';
import { pathwayIdParam, procedureCodeParam, trustCodeParam } from './path-params.js';
import { maxAnomalyReasonLength } from './anomaly-flag.js';

/**
 * The patient screens' calls (docs/requirements.md §2 patient screens, §3 patient search result, risk summary,
 * risk history page, edit payload, §7): lookup, risk summary, history, edit, remodel and the flag.
 */

export * from './patient-search.js';
export * from './risk-result.js';
export * from './risk-summary.js';
export * from './risk-history.js';
export * from './edit-details.js';
export * from './anomaly-flag.js';

export const patientMessages = {
  archived: 'This pathway is archived, so it can be read but not changed.',
  notFound: 'Patient not found',
  evaluationNotFound: 'Evaluation not found',
  noModel: 'No model is active for this procedure, so the record cannot be scored.',
  notScored: 'This pathway has not been scored yet, so there is no result to flag.',
  remodelFailed: 'The model could not score these details.',
  anomalyReasonTooLong: `Reason must be ${maxAnomalyReasonLength} characters or fewer`,
  /** Decision 0056: a flag is removed only with a reason, as the change log and the history keep it. */
  unflagReasonRequired: 'Enter why you are removing the anomaly flag',
} as const;

export const patientParamsSchema = z.object({
  trust: trustCodeParam,
  type: procedureCodeParam,
  id: pathwayIdParam,
});
export const historyParamsSchema = patientParamsSchema.extend({
  historyId: z.guid().meta({
    description: 'The past evaluation’s id, as the risk history lists it',
    example: '0193f7a3-0a2b-7c4d-8e5f-1a2b3c4d5e6f',
  }),
});
