import { z } from 'zod';
import { riskAdjustmentSchema } from './prioritisation.js';
import { pageNumberDescription, pageSizeDescription, pagedSchema } from './paging.js';
import { procedureCodeSchema } from './procedures.js';
import { predictionSchema, readinessValues, recordText, socialValues } from './open-pathways.js';
import { fieldLimits } from './field-limits.js';
import { pathwayIdParam, procedureCodeParam, trustCodeParam } from './path-params.js';
import { remodelRecordSchema } from './remodel.js';
import { decimalNumber, multiLine, singleLine } from './text-rules.js';
import { clericalChangeSchema, clericalChangesDescription } from './clerical-changes.js';
import { identityConflictSchema, identityConflictsDescription } from './patient-identity.js';

/**
 * The patient screens' calls (docs/requirements.md §2 patient screens, §3 patient search result, risk summary,
 * risk history page, edit payload, §7): lookup, risk summary, history, edit, remodel and the flag.
 */

// One limit per field, across the import, the API and the screens (field-limits.ts).
export const maxLocalIdentifierLength = fieldLimits.localPatientIdentifier;
export const maxSurgeonNameLength = fieldLimits.surgeonName;
/** Why a result was flagged as an anomaly: a short note, not a clinical record (decision 0039). */
export const maxAnomalyReasonLength = fieldLimits.anomalyReason;

const isActiveText = 'True while the pathway is on the active list; false once archived (read-only)';
const featureText = {
  feature: 'The input’s name as the model reads it, e.g. white_blood_count',
  displayName: 'Its name in words',
  unit: 'Its unit, or empty',
  defaultUsed: 'True when the value is the model’s default, because the record had none',
} as const;

/** Field names of the search's 400 errors (docs/requirements.md §5: NHSNumber and MedicalRecordNumber). */
export const patientSearchMessages = {
  nhsNumberLength: 'Enter a 10-digit NHS number',
  nhsNumberInvalid: 'Enter a valid NHS number: this one fails the check-digit test',
  localIdentifierTooLong: `Local patient identifier must be ${maxLocalIdentifierLength} characters or fewer`,
  nothingToSearch: 'Enter an NHS number or a local patient identifier',
  notFound: 'No patient was found with these details.',
} as const;

export const patientSearchQuerySchema = z.object({
  nhsNumber: z.string().max(100).optional().meta({
    description:
      'The NHS number: 10 digits, spaces and hyphens allowed, Modulus 11 checked (errors under NHSNumber)',
    example: '9434765919',
  }),
  medicalRecordNumber: z.string().max(100).optional().meta({
    description: 'Or the local patient identifier, up to 30 characters (errors under MedicalRecordNumber)',
    example: 'RAN760798',
  }),
});
export type PatientSearchQuery = z.infer<typeof patientSearchQuerySchema>;

/** docs/requirements.md §3 patient search result: one per pathway. `isActive` false: archived, read-only. */
export const patientSearchItemSchema = z.object({
  id: z.string().describe(recordText.id),
  medicalRecordNumber: z.string().nullable().describe(recordText.hospitalNumber),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  dateOfBirth: z.string().nullable().describe(recordText.dateOfBirth),
  operationType: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
  referralDate: z.string().nullable().describe(recordText.referralDate),
  isActive: z.boolean().describe(isActiveText),
});
export type PatientSearchItem = z.infer<typeof patientSearchItemSchema>;
export const patientSearchResponseSchema = z.object({
  patients: z
    .array(patientSearchItemSchema)
    .describe(
      'The matching pathways at the trust (up to 50): active first, then by referral date, latest first',
    ),
});
export type PatientSearchResponse = z.infer<typeof patientSearchResponseSchema>;

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

const evaluationReasonText =
  'Why it was made: batch (the list’s scoring), remodel (a clinician’s corrected details), rescore (a new model) or results (blood results sent by the trust’s systems)';

const anomalyReasonSchema = z
  .string()
  .nullable()
  .describe(
    'Why it was flagged, as the person who flagged it wrote it; null when flagged without one, or not flagged',
  );

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

const patientHeader = {
  id: z.string().describe(recordText.id),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  medicalRecordNumber: z.string().nullable().describe(recordText.hospitalNumber),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  dateOfBirth: z.string().nullable().describe(recordText.dateOfBirth),
  operationType: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
};

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

/** Why a flag was removed, kept with the evaluation (decision 0056: removing a flag takes a reason). */
export const anomalyRemovalSchema = z.object({
  reason: z.string().describe('Why the flag was removed, as the person who removed it wrote it'),
  by: z.string().describe('The name of the person who removed it'),
  at: z.string().describe('When: ISO 8601, UTC'),
});
export type AnomalyRemoval = z.infer<typeof anomalyRemovalSchema>;

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
  pageNumber: decimalNumber(z.number().int().min(1).max(100_000)).default(1).describe(pageNumberDescription),
  pageSize: decimalNumber(z.number().int().min(1).max(100)).default(20).describe(pageSizeDescription),
});

export const editDetailsMessages = {
  surgeonRequired: 'Enter the consultant surgeon',
  surgeonTooLong: `Consultant surgeon must be ${maxSurgeonNameLength} characters or fewer`,
  surgeryRequired: 'Select readiness for surgery',
  socialRequired: 'Select social aspects',
  idMismatch: 'The id in the body must match the patient in the address',
} as const;

/**
 * docs/requirements.md §3 edit payload. The surgeon's limit is the import's and the form's
 * (field-limits.ts), counted once surrounding spaces are gone, as the update keeps it.
 */
export const surgicalRiskFactorsRequestSchema = z.object({
  trustCode: z
    .string()
    .max(10)
    .check(singleLine)
    .optional()
    .meta({ description: 'The trust’s code: when given, it must match the path’s', example: 'RAN' }),
  id: z.string().max(64).check(singleLine).optional().meta({
    description: 'The pathway’s id: when given, it must match the path’s',
    example: '0193f7a2-5c1e-7b3d-9a41-6f2e8c0d4b17',
  }),
  social: z.string().max(50).check(singleLine).nullish().meta({
    description: 'Required: social aspects: no_social_concerns, social_review_required or social_concerns',
    example: 'no_social_concerns',
  }),
  surgery: z.string().max(50).check(singleLine).nullish().meta({
    description: 'Required: readiness for surgery: not_ready, requires_review or ready',
    example: 'ready',
  }),
  surgeonName: z
    .string()
    .trim()
    .max(maxSurgeonNameLength, editDetailsMessages.surgeonTooLong)
    .check(singleLine)
    .nullish()
    .meta({
      description: `Required: the consultant surgeon, up to ${maxSurgeonNameLength} characters`,
      example: 'Miss L Okonkwo',
    }),
});
export type SurgicalRiskFactorsRequest = z.infer<typeof surgicalRiskFactorsRequestSchema>;

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

/** The reason kept with a removed flag, as the history writes it (decision 0056). */
export const anomalyRemovalText = (reason: string) => `Flag removed. Reason given: ${reason}`;

/** The reason kept with an anomaly flag, as the summary, the history and the PDF write it. */
export const anomalyReasonText = (reason: string) => `Reason given: ${reason}`;

/** The tag a flagged result carries in the lists and the previous evaluations. */
export const anomalyFlagLabel = 'Flagged as an anomaly';

/** What a past evaluation shows for a surgical risk factor it did not keep (decision 0039). */
export const surgicalRiskFactorNotKept = 'Not kept with this evaluation';

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
