import { z } from 'zod';
import { predictionSchema, readinessValues, recordText, socialValues } from './open-pathways.js';
import { clericalChangeSchema, clericalChangesDescription } from './clerical-changes.js';
import { identityConflictSchema, identityConflictsDescription } from './patient-identity.js';
import { featureText, isActiveText, patientHeader } from './patient-fields.js';
import { adviceSchema, riskResultSchema } from './risk-result.js';

/** processed; waiting (not scored yet); processing (being scored now); failed (the model could not score it). */
export const summaryStatuses = [
  'processed',
  'waiting',
  'processing',
  'failed',
  'excluded',
  'suspended',
] as const;
export type SummaryStatus = (typeof summaryStatuses)[number];

/**
 * An input of the model whose value differs between an evaluation and the one before it, named and
 * measured as the contributions name them (decision 0039). `before` and `after` are the numbers the
 * model was given (a yes/no as 1 or 0), null when unknown; `…DefaultUsed` when the record had none.
 */
export const inputChangeSchema = z.object({
  feature: z.string().describe(featureText.feature),
  displayName: z.string().describe(featureText.displayName),
  unit: z.string().describe(featureText.unit),
  before: z
    .number()
    .nullable()
    .describe('The number the model was given before (a yes/no as 1 or 0); null: unknown'),
  beforeDefaultUsed: z.boolean().describe('True when that was the model’s default, the record having none'),
  after: z.number().nullable().describe('The number the remodel gave it; null: unknown'),
  afterDefaultUsed: z.boolean().describe('True when that is the model’s default, the record having none'),
});
export type InputChange = z.infer<typeof inputChangeSchema>;

/**
 * What a remodel changed: the evaluation before it (its probability and band) and the inputs whose
 * values differ, largest push of the remodel's evaluation first.
 */
export const remodelChangeSchema = z.object({
  previousEvaluationId: z.string().describe('The evaluation before the remodel'),
  previousEvaluatedAt: z.string().describe('When it was made: ISO 8601, UTC'),
  previousPrediction: predictionSchema
    .nullable()
    .describe('Its risk band: high, medium or low; null when it was incomplete'),
  previousProbability: z.number().describe('Its predicted probability, 0 to 1'),
  inputs: z
    .array(inputChangeSchema)
    .describe('The inputs whose values differ, largest push of the remodel’s evaluation first'),
});
export type RemodelChange = z.infer<typeof remodelChangeSchema>;
/** docs/requirements.md §3 risk summary, with what the best calculators add (probability, average, contributions). */
export const riskSummarySchema = z.object({
  ...patientHeader,
  surgeonName: z.string().nullable().describe(recordText.surgeonName),
  surgery: z.enum(readinessValues).nullable().describe(recordText.surgery),
  social: z.enum(socialValues).nullable().describe(recordText.social),
  isActive: z.boolean().describe(isActiveText),
  status: z
    .enum(summaryStatuses)
    .describe(
      'processed (an incomplete result too: see result.prediction); waiting (not scored yet); processing (being scored now); failed (the model could not score it); excluded (outside the model’s population, not scored); suspended (scored, but the clinical safety officer has suspended the procedure’s predictions: no result is shown, decision 0063)',
    ),
  suspendedOn: z.iso
    .date()
    .nullable()
    .describe(
      'The day the clinical safety officer suspended the predictions, when status is suspended; null otherwise',
    ),
  result: riskResultSchema
    .nullable()
    .describe('The evaluation shown; null when there is none, or while suspended'),
  areasOfImprovement: z
    .object({ dos: z.array(adviceSchema).describe('What the patient can do before surgery') })
    .describe('Advice for the patient, from the model’s wrapper'),
  failure: z
    .object({
      fields: z.array(z.string()).describe('The keys of the fields the model could not use'),
      reason: z.string().describe('Why, in words'),
    })
    .nullable()
    .describe('Why the model could not score the record, when status is failed; null otherwise'),
  exclusion: z
    .string()
    .nullable()
    .describe(
      'When status is excluded, why the pathway is outside the model’s population, in words ("revision of knee replacement, W40.3"); null otherwise',
    ),
  change: remodelChangeSchema
    .nullable()
    .describe(
      'When the evaluation shown is a remodel with an evaluation before it, what the remodel changed; null otherwise',
    ),
  /** Decision 0056. */
  clericalChanges: z.array(clericalChangeSchema).describe(clericalChangesDescription),
  /** Decision 0055. */
  identityConflicts: z.array(identityConflictSchema).describe(identityConflictsDescription),
  acceptedDateOfBirth: z
    .string()
    .nullable()
    .describe(
      'A corrected date of birth a clinician confirmed for this patient (YYYY-MM-DD), which the next waiting list may give; null when none (decision 0055)',
    ),
});
export type RiskSummary = z.infer<typeof riskSummarySchema>;
