import { z } from 'zod';
import { riskAdjustmentSchema } from './prioritisation.js';
import { predictionSchema } from './open-pathways.js';
import { anomalyReasonSchema, evaluationReasonText, featureText } from './patient-fields.js';

/** One evaluation's result as the risk summary shows it (docs/requirements.md §3 risk summary). */

export const featureImportanceSchema = z.object({
  feature: z.string().describe(featureText.feature),
  displayName: z.string().describe(featureText.displayName),
  importance: z
    .enum(['high', 'medium', 'low'])
    .describe('How much it weighs in this prediction: high, medium or low'),
  value: z.number().nullable().describe('The number the model was given (a yes/no as 1 or 0), or null'),
  unit: z.string().describe(featureText.unit),
  defaultUsed: z.boolean().describe(featureText.defaultUsed),
});
export type FeatureImportanceItem = z.infer<typeof featureImportanceSchema>;

/**
 * An input the model was given its wrapper default for, because the record had none (decision 0035).
 * `valueUsed` is the number the model was given (null only when the default itself is null).
 */
export const defaultUsedSchema = z.object({
  feature: z.string().describe(featureText.feature),
  displayName: z.string().describe(featureText.displayName),
  valueUsed: z
    .number()
    .nullable()
    .describe('The default the model was given; null only when the default itself is null'),
  unit: z.string().describe(featureText.unit),
});
export type DefaultUsed = z.infer<typeof defaultUsedSchema>;

/**
 * A laboratory value the model read that lies outside the data it was developed on (the range
 * the model accepts, docs/import-format.md): the prediction is less certain there, and the risk
 * summary, its PDF and the FHIR RiskAssessment say so.
 */
export const outsideModelRangeSchema = z.object({
  field: z.string().describe('The record field: haemoglobin, egfr, crp, …'),
  label: z.string().describe('Its name as the screens write it: Haemoglobin, eGFR, CRP, …'),
  value: z.number().describe('The value the model read, in the unit below'),
  unit: z.string().describe('Its unit'),
  min: z.number().describe('The lowest value of the data the model was developed on'),
  max: z.number().describe('The highest value of the data the model was developed on'),
});
export type OutsideModelRange = z.infer<typeof outsideModelRangeSchema>;

/** An input of the model by its record field and its name in words (decision 0057). */
export const modelInputSchema = z.object({
  field: z.string().describe('The record field: dateOfBirth, height, haemoglobin, …'),
  label: z.string().describe('Its name in words: Date of birth, Height, Haemoglobin, …'),
});
export type ModelInput = z.infer<typeof modelInputSchema>;

/** A blood result the record held but the model was not given, too old to use (decision 0057). */
export const staleInputSchema = modelInputSchema.extend({
  sampledOn: z.string().describe('The day the sample was taken, YYYY-MM-DD'),
  maxAgeDays: z.number().int().describe('The trust’s limit on a result’s age, in days'),
});
export type StaleInput = z.infer<typeof staleInputSchema>;

/** A blood result the model read, with the day its sample was taken (decision 0057). */
export const bloodResultReadSchema = modelInputSchema.extend({
  value: z.number().describe('The value, in the unit below'),
  unit: z.string().describe('Its unit'),
  sampledOn: z.string().nullable().describe('The day the sample was taken, YYYY-MM-DD; null when not known'),
});
export type BloodResultRead = z.infer<typeof bloodResultReadSchema>;

export const contributionSchema = z.object({
  feature: z.string().describe(featureText.feature),
  displayName: z.string().describe(featureText.displayName),
  contribution: z
    .number()
    .describe('Its push on the model’s raw output (log-odds for boosted trees): above 0 raises the risk'),
  /** Null and false when an evaluation stored before decision 0028 kept no value for the factor. */
  value: z
    .number()
    .nullable()
    .describe('The number the model was given (a yes/no as 1 or 0); null when the evaluation kept none'),
  unit: z.string().describe(featureText.unit),
  defaultUsed: z.boolean().describe(featureText.defaultUsed),
});
export type Contribution = z.infer<typeof contributionSchema>;

export const adviceSchema = z.object({
  title: z.string().describe('The advice in a few words'),
  description: z.string().describe('The advice in full'),
});

/**
 * Why an evaluation was made: a list's scoring, a clinician's remodel, a new model, or blood results
 * sent by the trust's systems (decision 0047).
 */
export const evaluationReasonSchema = z.enum(['batch', 'remodel', 'rescore', 'results']);
export type EvaluationReason = z.infer<typeof evaluationReasonSchema>;

export const evaluationModelSchema = z.object({
  name: z.string().describe('The model’s name'),
  version: z.string().describe('The model card’s version, e.g. 1.0.0'),
  uploadVersion: z.number().int().describe('The trust’s version number of the procedure’s model'),
  demonstration: z
    .boolean()
    .describe('True for a demonstration model (synthetic data, not for clinical use)'),
  /** Decision 0046. */
  recalibrated: z.boolean().describe('True when a version recalibrated on the trust’s outcomes made it'),
});

/** Which model version made a prediction, as every screen and document names it. */
export const modelVersionText = (model: { version: string; uploadVersion: number }) =>
  `${model.uploadVersion} (model card ${model.version})`;

/** Said wherever a recalibrated version's prediction is shown with its factors (decision 0046). */
export const recalibratedModelNote =
  'This prediction comes from a version recalibrated on this trust’s outcomes: the factors below are weighed on the original model’s scale.';

export const riskResultSchema = z.object({
  evaluationId: z.string().describe('The evaluation’s id'),
  prediction: predictionSchema
    .nullable()
    .describe(
      'The model’s risk band: high, medium (shown as moderate) or low; null when it is withheld because a required input is missing ("Incomplete")',
    ),
  probability: z
    .number()
    .describe(
      'The predicted probability of a complication, 0 to 1; when the band is withheld, made with default values and shown only on the summary',
    ),
  missingRequiredInputs: z
    .array(modelInputSchema)
    .describe(
      'The model’s required inputs the record lacked: the band is withheld when any is; empty when none',
    ),
  staleInputs: z
    .array(staleInputSchema)
    .describe(
      'Blood results not given to the model because they were older than the trust’s limit; empty when none',
    ),
  bloodResults: z
    .array(bloodResultReadSchema)
    .describe('The blood results the model read, each with its sample date'),
  averageProbability: z
    .number()
    .nullable()
    .describe(
      'The mean predicted probability of the trust’s scored list for this procedure; null when not known',
    ),
  isAnomaly: z.boolean().describe('True when a clinician flagged this result as an anomaly'),
  anomalyReason: anomalyReasonSchema,
  isDefaultValueUsed: z
    .boolean()
    .describe('True when the model used a default for an input the record lacked'),
  /** Evaluations stored before decision 0028 list only the factors they stored (decision 0035). */
  defaultsUsed: z
    .array(defaultUsedSchema)
    .describe(
      'Every input the model defaulted for this evaluation, of any importance, largest push first; empty when isDefaultValueUsed is false',
    ),
  outsideModelRange: z
    .array(outsideModelRangeSchema)
    .describe(
      'The laboratory values the model read that lie outside the data it was developed on; empty when none',
    ),
  featureImportance: z
    .array(featureImportanceSchema)
    .describe('The factors of high and medium importance (low ones are left out)'),
  contributions: z.array(contributionSchema).describe('Every factor’s push, largest first, for the chart'),
  evaluatedAt: z.string().describe('When the evaluation was made: ISO 8601, UTC'),
  reason: evaluationReasonSchema.describe(evaluationReasonText),
  evaluatedBy: z.string().describe('Who made it: the clinician’s name, or "Batch scoring"'),
  model: evaluationModelSchema.describe('The model version that made it'),
  /** Decision 0044. */
  adjustment: riskAdjustmentSchema
    .nullable()
    .describe(
      'The clinician’s view of the risk beside the model’s, on the current result only; null when none is recorded, and on past evaluations (their history shows it instead)',
    ),
});
export type RiskResult = z.infer<typeof riskResultSchema>;
