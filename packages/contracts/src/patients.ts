import { z } from 'zod';
import { pagedSchema } from './paging.js';
import { procedureCodeSchema } from './procedures.js';
import { predictionSchema, readinessValues, socialValues } from './open-pathways.js';
import { remodelRecordSchema } from './remodel.js';

/**
 * The patient screens' calls (docs/requirements.md §2 patient screens, §3 patient search result, risk summary,
 * risk history page, edit payload, §7): lookup, risk summary, history, edit, remodel and the flag.
 */

export const maxLocalIdentifierLength = 30;
export const maxSurgeonNameLength = 30;

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

export const evaluationModelSchema = z.object({
  name: z.string(),
  /** The model card's version, e.g. 1.0.0. */
  version: z.string(),
  /** The trust's upload number of the model for this procedure. */
  uploadVersion: z.number().int(),
  demonstration: z.boolean(),
});

export const riskResultSchema = z.object({
  evaluationId: z.string(),
  prediction: predictionSchema,
  /** 0–1. */
  probability: z.number(),
  /** The mean predicted probability of the trust's scored list for this procedure, when known. */
  averageProbability: z.number().nullable(),
  isAnomaly: z.boolean(),
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
  reason: z.enum(['batch', 'remodel', 'rescore']),
  evaluatedBy: z.string(),
  model: evaluationModelSchema,
});
export type RiskResult = z.infer<typeof riskResultSchema>;

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
});
export type RiskSummary = z.infer<typeof riskSummarySchema>;

/** A past evaluation (spec /history/{historyId}): its summary, and the record the model read. */
export const historyEntrySchema = riskSummarySchema.extend({
  isCurrent: z.boolean(),
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
  reason: z.enum(['batch', 'remodel', 'rescore']),
  isCurrent: z.boolean(),
});
export const riskHistorySchema = pagedSchema(riskHistoryItemSchema).extend({
  patient: z.object(patientHeader),
});
export type RiskHistory = z.infer<typeof riskHistorySchema>;

export const riskHistoryQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** docs/requirements.md §3 edit payload. */
export const surgicalRiskFactorsRequestSchema = z.object({
  trustCode: z.string().max(10).optional(),
  id: z.string().max(64).optional(),
  social: z.string().max(50).nullish(),
  surgery: z.string().max(50).nullish(),
  surgeonName: z.string().max(200).nullish(),
});
export type SurgicalRiskFactorsRequest = z.infer<typeof surgicalRiskFactorsRequestSchema>;

export const editDetailsMessages = {
  surgeonRequired: 'Enter the consultant surgeon',
  surgeonTooLong: `Consultant surgeon must be ${maxSurgeonNameLength} characters or fewer`,
  surgeryRequired: 'Select readiness for surgery',
  socialRequired: 'Select social aspects',
  idMismatch: 'The id in the body must match the patient in the address',
} as const;

export const patientMessages = {
  archived: 'This pathway is archived, so it can be read but not changed.',
  notFound: 'Patient not found',
  evaluationNotFound: 'Evaluation not found',
  noModel: 'No model is active for this procedure, so the record cannot be scored.',
  notScored: 'This pathway has not been scored yet, so there is no result to flag.',
  remodelFailed: 'The model could not score these details.',
} as const;

export const anomalyResponseSchema = z.object({ isAnomaly: z.boolean(), evaluationId: z.string() });

export const patientParamsSchema = z.object({
  trust: z.string().min(1).max(10),
  type: procedureCodeSchema,
  id: z.guid(),
});
export const historyParamsSchema = patientParamsSchema.extend({ historyId: z.guid() });
