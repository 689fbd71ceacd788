import { z } from 'zod';
import { pagedSchema, pageQueryFields, pageSizes } from './paging.js';
import { predictionSchema } from './open-pathways.js';
import { remodelRecordSchema } from './remodel.js';
import { clericalChangeSchema } from './clerical-changes.js';
import { anomalyReasonSchema, evaluationReasonText, patientHeader } from './patient-fields.js';
import { evaluationReasonSchema } from './risk-result.js';
import { riskSummarySchema } from './risk-summary.js';
import { anomalyRemovalSchema } from './anomaly-flag.js';

/** The risk history page and a past evaluation's page (docs/requirements.md §3 risk history page). */

/**
 * Whose consultant surgeon, readiness for surgery and social aspects a past evaluation shows
 * (decision 0039): the pathway's now (`current`, the current evaluation, as the summary shows them),
 * those kept with the evaluation when it was made (`as-evaluated`), or none, for an evaluation made
 * before they were kept (`not-kept`: the three are null).
 */
export const surgicalRiskFactorsShownValues = ['current', 'as-evaluated', 'not-kept'] as const;

/** A past evaluation (spec /history/{historyId}): its summary, and the record the model read. */
export const historyEntrySchema = riskSummarySchema.extend({
  isCurrent: z.boolean().describe('True when it is the evaluation the risk summary shows'),
  surgicalRiskFactorsShown: z
    .enum(surgicalRiskFactorsShownValues)
    .describe(
      'Whose surgeon, readiness and social aspects are shown: current (the pathway’s now), as-evaluated (kept with it) or not-kept (null)',
    ),
  inputs: remodelRecordSchema
    .omit({
      id: true,
      nhsNumber: true,
      medicalRecordNumber: true,
      firstName: true,
      lastName: true,
      operationType: true,
      isActive: true,
    })
    .describe('The record the model read, as the remodel record writes it'),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
/** docs/requirements.md §3 risk history page item; `isCurrent` marks the evaluation the summary shows. */
export const riskHistoryItemSchema = z.object({
  id: z.string().describe('The evaluation’s id (the historyId of its own page)'),
  date: z.string().describe('When it was made: ISO 8601, UTC'),
  prediction: predictionSchema
    .nullable()
    .describe('The model’s risk band: high, medium or low; null while the predictions are suspended'),
  probability: z
    .number()
    .nullable()
    .describe(
      'The predicted probability of a complication, 0 to 1; null while the predictions are suspended',
    ),
  reason: evaluationReasonSchema.describe(evaluationReasonText),
  isCurrent: z.boolean().describe('True for the evaluation the risk summary shows'),
  isAnomaly: z.boolean().describe('True when a clinician flagged it as an anomaly'),
  anomalyReason: anomalyReasonSchema,
  /** Decision 0056. */
  anomalyRemoval: anomalyRemovalSchema
    .nullable()
    .describe(
      'When a flag on it was removed (and it is not flagged again), who removed it and why; null otherwise',
    ),
  /** Decision 0046. */
  modelVersion: z.number().int().describe('The trust’s version of the model that made it'),
  /** Decision 0056. */
  clericalChange: clericalChangeSchema
    .nullable()
    .describe(
      'When a clerical user’s change of the details made it, who and when, and its review; null otherwise',
    ),
});
export const riskHistorySchema = pagedSchema(riskHistoryItemSchema).extend({
  patient: z.object(patientHeader).describe('The patient of the pathway'),
  suspendedOn: z.iso
    .date()
    .nullable()
    .describe(
      'The day the clinical safety officer suspended the procedure’s predictions: every band and probability is then null (decision 0063); null otherwise',
    ),
});
export type RiskHistory = z.infer<typeof riskHistorySchema>;

export const riskHistoryQuerySchema = z.object({
  ...pageQueryFields({ maxPageNumber: 100_000, defaultPageSize: pageSizes.riskHistory }),
});

/** What a past evaluation shows for a surgical risk factor it did not keep (decision 0039). */
export const surgicalRiskFactorNotKept = 'Not kept with this evaluation';
