import { z } from 'zod';
import { riskAdjustmentSchema } from './prioritisation.js';
import { pagedSchema } from './paging.js';
import { procedureCodeSchema } from './procedures.js';
import { predictionSchema, readinessValues, socialValues } from './open-pathways.js';
import { fieldLimits } from './field-limits.js';
import { remodelRecordSchema } from './remodel.js';

/**
 * The patient screens' calls (docs/requirements.md §2 patient screens, §3 patient search result, risk summary,
 * risk history page, edit payload, §7): lookup, risk summary, history, edit, remodel and the flag.
 */

// One limit per field, across the import, the API and the screens (field-limits.ts).
export const maxLocalIdentifierLength = fieldLimits.localPatientIdentifier;
export const maxSurgeonNameLength = fieldLimits.surgeonName;
/** Why a result was flagged as an anomaly: a short note, not a clinical record (decision 0039). */
export const maxAnomalyReasonLength = fieldLimits.anomalyReason;

/** Field names of the search's 400 errors (docs/requirements.md §5: NHSNumber and MedicalRecordNumber). */
export const patientSearchMessages = {
  nhsNumberLength: 'Enter a 10-digit NHS number',
  nhsNumberInvalid: 'Enter a valid NHS number: this one fails the check-digit test',
  localIdentifierTooLong: `Local patient identifier must be ${maxLocalIdentifierLength} characters or fewer`,
  nothingToSearch: 'Enter an NHS number or a local patient identifier',
  notFound: 'No patient was found with these details.',
} as const;

export const patientSearchQuerySchema = z.object({
  nhsNumber: z.string().max(100).optional(),
  medicalRecordNumber: z.string().max(100).optional(),
});
export type PatientSearchQuery = z.infer<typeof patientSearchQuerySchema>;

/** docs/requirements.md §3 patient search result: one per pathway. `isActive` false: archived, read-only. */
export const patientSearchItemSchema = z.object({
  id: z.string(),
  medicalRecordNumber: z.string().nullable(),
  nhsNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  operationType: procedureCodeSchema,
  referralDate: z.string().nullable(),
  isActive: z.boolean(),
});
export type PatientSearchItem = z.infer<typeof patientSearchItemSchema>;
export const patientSearchResponseSchema = z.object({ patients: z.array(patientSearchItemSchema) });
export type PatientSearchResponse = z.infer<typeof patientSearchResponseSchema>;

/** processed; waiting (not scored yet); processing (being scored now); failed (the model could not score it). */
export const summaryStatuses = ['processed', 'waiting', 'processing', 'failed'] as const;
export type SummaryStatus = (typeof summaryStatuses)[number];

export const featureImportanceSchema = z.object({
  feature: z.string(),
  displayName: z.string(),
  importance: z.enum(['high', 'medium', 'low']),
  /** The number the model was given (a yes/no as 1 or 0), or null. */
  value: z.number().nullable(),
  unit: z.string(),
  /** Whether the value is the model's normalised default, because the record had none. */
  defaultUsed: z.boolean(),
});
export type FeatureImportanceItem = z.infer<typeof featureImportanceSchema>;

/**
 * An input the model was given its wrapper default for, because the record had none (decision 0035).
 * `valueUsed` is the number the model was given (null only when the default itself is null).
 */
export const defaultUsedSchema = z.object({
  feature: z.string(),
  displayName: z.string(),
  valueUsed: z.number().nullable(),
  unit: z.string(),
});
export type DefaultUsed = z.infer<typeof defaultUsedSchema>;

export const contributionSchema = z.object({
  feature: z.string(),
  displayName: z.string(),
  /** Push on the model's raw output (log-odds for boosted trees): above 0 raises the risk. */
  contribution: z.number(),
  /**
   * The number the model was given (a yes/no as 1 or 0), with its unit, and whether it is the
   * model's default because the record had none. Null and false when an evaluation stored before
   * decision 0028 kept no value for the factor.
   */
  value: z.number().nullable(),
  unit: z.string(),
  defaultUsed: z.boolean(),
});
export type Contribution = z.infer<typeof contributionSchema>;

export const adviceSchema = z.object({ title: z.string(), description: z.string() });

/**
 * Why an evaluation was made: a list's scoring, a clinician's remodel, a new model, or blood results
 * sent by the trust's systems (decision 0047).
 */
export const evaluationReasonSchema = z.enum(['batch', 'remodel', 'rescore', 'results']);
export type EvaluationReason = z.infer<typeof evaluationReasonSchema>;

export const evaluationModelSchema = z.object({
  name: z.string(),
  /** The model card's version, e.g. 1.0.0. */
  version: z.string(),
  /** The trust's upload number of the model for this procedure. */
  uploadVersion: z.number().int(),
  demonstration: z.boolean(),
  /** Made by a version recalibrated on the trust's outcomes (decision 0046). */
  recalibrated: z.boolean(),
});

/** Which model version made a prediction, as every screen and document names it. */
export const modelVersionText = (model: { version: string; uploadVersion: number }) =>
  `${model.uploadVersion} (model card ${model.version})`;

/** Said wherever a recalibrated version's prediction is shown with its factors (decision 0046). */
export const recalibratedModelNote =
  'This prediction comes from a version recalibrated on this trust’s outcomes: the factors below are weighed on the original model’s scale.';

export const riskResultSchema = z.object({
  evaluationId: z.string(),
  prediction: predictionSchema,
  /** 0–1. */
  probability: z.number(),
  /** The mean predicted probability of the trust's scored list for this procedure, when known. */
  averageProbability: z.number().nullable(),
  isAnomaly: z.boolean(),
  /** Why it was flagged, as the person who flagged it wrote it; null when flagged without one, or not flagged. */
  anomalyReason: z.string().nullable(),
  isDefaultValueUsed: z.boolean(),
  /**
   * Every input the model defaulted for this evaluation, of any importance, largest push first;
   * empty when `isDefaultValueUsed` is false. Evaluations stored before decision 0028 list only the
   * factors they stored (decision 0035).
   */
  defaultsUsed: z.array(defaultUsedSchema),
  /** High and medium importance only (docs/requirements.md §3: low is hidden). */
  featureImportance: z.array(featureImportanceSchema),
  /** Every factor's push, largest first, for the chart. */
  contributions: z.array(contributionSchema),
  evaluatedAt: z.string(),
  reason: evaluationReasonSchema,
  evaluatedBy: z.string(),
  model: evaluationModelSchema,
  /**
   * The clinician's view of the risk beside the model's (decision 0044), on the current result
   * only; null when none is recorded, and on past evaluations (their history shows it instead).
   */
  adjustment: riskAdjustmentSchema.nullable(),
});
export type RiskResult = z.infer<typeof riskResultSchema>;

/**
 * An input of the model whose value differs between an evaluation and the one before it, named and
 * measured as the contributions name them (decision 0039). `before` and `after` are the numbers the
 * model was given (a yes/no as 1 or 0), null when unknown; `…DefaultUsed` when the record had none.
 */
export const inputChangeSchema = z.object({
  feature: z.string(),
  displayName: z.string(),
  unit: z.string(),
  before: z.number().nullable(),
  beforeDefaultUsed: z.boolean(),
  after: z.number().nullable(),
  afterDefaultUsed: z.boolean(),
});
export type InputChange = z.infer<typeof inputChangeSchema>;

/**
 * What a remodel changed: the evaluation before it (its probability and band) and the inputs whose
 * values differ, largest push of the remodel's evaluation first.
 */
export const remodelChangeSchema = z.object({
  previousEvaluationId: z.string(),
  previousEvaluatedAt: z.string(),
  previousPrediction: predictionSchema,
  previousProbability: z.number(),
  inputs: z.array(inputChangeSchema),
});
export type RemodelChange = z.infer<typeof remodelChangeSchema>;

const patientHeader = {
  id: z.string(),
  nhsNumber: z.string().nullable(),
  medicalRecordNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  operationType: procedureCodeSchema,
};

/** docs/requirements.md §3 risk summary, with what the best calculators add (probability, average, contributions). */
export const riskSummarySchema = z.object({
  ...patientHeader,
  surgeonName: z.string().nullable(),
  surgery: z.enum(readinessValues).nullable(),
  social: z.enum(socialValues).nullable(),
  isActive: z.boolean(),
  status: z.enum(summaryStatuses),
  result: riskResultSchema.nullable(),
  areasOfImprovement: z.object({ dos: z.array(adviceSchema) }),
  /** Why the model could not score the record, when status is failed. */
  failure: z.object({ fields: z.array(z.string()), reason: z.string() }).nullable(),
  /** When the evaluation shown is a remodel with an evaluation before it: what the remodel changed. */
  change: remodelChangeSchema.nullable(),
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
  isCurrent: z.boolean(),
  surgicalRiskFactorsShown: z.enum(surgicalRiskFactorsShownValues),
  inputs: remodelRecordSchema.omit({
    id: true,
    nhsNumber: true,
    medicalRecordNumber: true,
    firstName: true,
    lastName: true,
    operationType: true,
    isActive: true,
  }),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** docs/requirements.md §3 risk history page item; `isCurrent` marks the evaluation the summary shows. */
export const riskHistoryItemSchema = z.object({
  id: z.string(),
  date: z.string(),
  prediction: predictionSchema,
  probability: z.number(),
  reason: evaluationReasonSchema,
  isCurrent: z.boolean(),
  isAnomaly: z.boolean(),
  anomalyReason: z.string().nullable(),
  /** The trust's version of the model that made it (decision 0046). */
  modelVersion: z.number().int(),
});
export const riskHistorySchema = pagedSchema(riskHistoryItemSchema).extend({
  patient: z.object(patientHeader),
});
export type RiskHistory = z.infer<typeof riskHistorySchema>;

export const riskHistoryQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
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
  trustCode: z.string().max(10).optional(),
  id: z.string().max(64).optional(),
  social: z.string().max(50).nullish(),
  surgery: z.string().max(50).nullish(),
  surgeonName: z.string().trim().max(maxSurgeonNameLength, editDetailsMessages.surgeonTooLong).nullish(),
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
} as const;

/** The reason kept with an anomaly flag, as the summary, the history and the PDF write it. */
export const anomalyReasonText = (reason: string) => `Reason given: ${reason}`;

/** The tag a flagged result carries in the lists and the previous evaluations. */
export const anomalyFlagLabel = 'Flagged as an anomaly';

/** What a past evaluation shows for a surgical risk factor it did not keep (decision 0039). */
export const surgicalRiskFactorNotKept = 'Not kept with this evaluation';

/**
 * POST mark/anomaly/ (docs/requirements.md §7 leaves the body open): no body, or an optional reason
 * kept with a flag (decision 0039). The schema's bound only stops a huge body; the rule is
 * `maxAnomalyReasonLength`, answered under `reason`.
 */
export const anomalyRequestSchema = z
  .object({
    reason: z
      .string()
      .max(maxAnomalyReasonLength * 5)
      .nullish(),
  })
  .nullish();
export type AnomalyRequest = z.infer<typeof anomalyRequestSchema>;

export const anomalyResponseSchema = z.object({
  isAnomaly: z.boolean(),
  evaluationId: z.string(),
  anomalyReason: z.string().nullable(),
});

export const patientParamsSchema = z.object({
  trust: z.string().min(1).max(10),
  type: procedureCodeSchema,
  id: z.guid(),
});
export const historyParamsSchema = patientParamsSchema.extend({ historyId: z.guid() });
