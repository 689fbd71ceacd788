import { z } from 'zod';
import { fieldLimits } from './field-limits.js';
import { multiLine } from './text-rules.js';
import { anomalyReasonSchema } from './patient-fields.js';

/** Flagging a result as an anomaly, and removing the flag (decisions 0039 and 0056). */

/** Why a result was flagged as an anomaly: a short note, not a clinical record (decision 0039). */
export const maxAnomalyReasonLength = fieldLimits.anomalyReason;

/** Why a flag was removed, kept with the evaluation (decision 0056: removing a flag takes a reason). */
export const anomalyRemovalSchema = z.object({
  reason: z.string().describe('Why the flag was removed, as the person who removed it wrote it'),
  by: z.string().describe('The name of the person who removed it'),
  at: z.string().describe('When: ISO 8601, UTC'),
});
export type AnomalyRemoval = z.infer<typeof anomalyRemovalSchema>;
/** The reason kept with a removed flag, as the history writes it (decision 0056). */
export const anomalyRemovalText = (reason: string) => `Flag removed. Reason given: ${reason}`;

/** The reason kept with an anomaly flag, as the summary, the history and the PDF write it. */
export const anomalyReasonText = (reason: string) => `Reason given: ${reason}`;

/** The tag a flagged result carries in the lists and the previous evaluations. */
export const anomalyFlagLabel = 'Flagged as an anomaly';
/**
 * POST mark/anomaly/ (docs/requirements.md §7 leaves the body open): a reason, optional with a flag
 * (decision 0039) and required to remove one (decision 0056), kept with the evaluation. The schema's
 * bound only stops a huge body; the rule is `maxAnomalyReasonLength`, answered under `reason`.
 */
export const anomalyRequestSchema = z
  .object({
    reason: z
      .string()
      .max(maxAnomalyReasonLength * 5)
      .check(multiLine)
      .nullish()
      .meta({
        description: `Why the result is flagged (optional), or why the flag is removed (required), up to ${maxAnomalyReasonLength} characters (400 under reason)`,
        example: 'Creatinine was taken during an acute kidney injury',
      }),
  })
  .nullish();
export type AnomalyRequest = z.infer<typeof anomalyRequestSchema>;

export const anomalyResponseSchema = z.object({
  isAnomaly: z.boolean().describe('True when the result is now flagged; false when it was unflagged'),
  evaluationId: z.string().describe('The evaluation flagged or unflagged'),
  anomalyReason: anomalyReasonSchema,
});
