import { z } from 'zod';
import { isoDate } from './open-pathways.js';

/** Model upload form fields (docs/requirements.md §7) and the size we accept for each file. */
export const modelUploadFields = ['modelFile', 'wrapperFile'] as const;
export const modelFileMaxBytes = 50 * 1024 * 1024;

export const modelUploadAcceptedSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.literal('active'),
});

export const modelCardSchema = z.object({
  id: z.string(),
  procedureCode: z.string(),
  version: z.number().int(),
  name: z.string(),
  modelVersion: z.string(),
  modelType: z.string(),
  demonstration: z.boolean(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  modelSha256: z.string(),
  wrapperSha256: z.string(),
  featureCount: z.number().int(),
  thresholds: z.object({ high: z.number(), moderate: z.number() }),
  metrics: z.record(z.string(), z.number()).nullable(),
});
export type ModelCard = z.infer<typeof modelCardSchema>;

/** A calibration estimated out of sample (10-fold cross-validation over the fitting window). */
const calibrationEstimateSchema = z.object({
  intercept: z.number().nullable(),
  slope: z.number().nullable(),
  oe: z.number().nullable(),
});

/**
 * How a recalibrated version was made (decision 0046): the map logit(p′) = a + b·logit(p) fitted on
 * the trust's outcomes of its base version, and the calibration before and after, out of sample.
 */
export const recalibrationSchema = z.object({
  requested: z.enum(['intercept', 'logistic', 'auto']),
  /** What was fitted: auto chooses the least extensive update the data support. */
  method: z.enum(['none', 'intercept', 'logistic']),
  intercept: z.number(),
  slope: z.number(),
  baseVersion: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  n: z.number().int(),
  events: z.number().int(),
  tests: z.object({
    /** The closed test's first step: the full logistic update against none (2 degrees of freedom). */
    logisticVsNone: z.object({ statistic: z.number(), pValue: z.number() }).nullable(),
    interceptVsNone: z.object({ statistic: z.number(), pValue: z.number() }).nullable(),
    slopeVsIntercept: z.object({ statistic: z.number(), pValue: z.number() }).nullable(),
  }),
  before: calibrationEstimateSchema,
  after: calibrationEstimateSchema,
});
export type Recalibration = z.infer<typeof recalibrationSchema>;

/** The version's predictions judged against the trust's outcomes (model monitoring), if any. */
export const localPerformanceSchema = z.object({
  n: z.number().int(),
  events: z.number().int(),
  oe: z.number().nullable(),
  auroc: z.number().nullable(),
  enoughEvents: z.boolean(),
});

export const modelVersionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  /** active, superseded, or awaiting activation (a recalibrated version no one has activated). */
  status: z.string(),
  isActive: z.boolean(),
  modelType: z.string(),
  modelFileName: z.string(),
  wrapperFileName: z.string(),
  modelSha256: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  /** Uploaded, or recalibrated from an earlier version (decision 0046). */
  source: z.enum(['uploaded', 'recalibrated']),
  baseVersion: z.number().int().nullable(),
  /** Every stored version passed the smoke test on the reference records before it was kept. */
  smokeTest: z.literal('passed'),
  /** Pathways it has evaluated. */
  pathwaysScored: z.number().int(),
  localPerformance: localPerformanceSchema.nullable(),
  activatedAt: z.string().nullable(),
  activatedBy: z.string().nullable(),
  /** The signed-in technical admin made this version (a recalibrated one then needs another to activate it). */
  createdByYou: z.boolean(),
  recalibration: recalibrationSchema.nullable(),
});
export type ModelVersion = z.infer<typeof modelVersionSchema>;
export const modelVersionsResponseSchema = z.object({ items: z.array(modelVersionSchema) });

export const modelMessages = {
  secondAdminNeeded:
    'A recalibrated version must be activated by a second technical admin: you created this one',
  tooFewEvents: (events: number) =>
    `Recalibration needs at least 100 complications recorded for this version in the period; there are ${events}. Record more outcomes, or widen the period.`,
  notFound: 'No such model version for this procedure',
  noUpdateNeeded:
    'The outcomes do not show that this version needs recalibrating (the closed test at 5% chose no update), so no new version was made.',
} as const;

export const recalibrationRequestSchema = z.object({
  method: z.enum(['intercept', 'logistic', 'auto'], {
    error: 'Select how to recalibrate: the intercept, the intercept and slope, or let the data choose',
  }),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type RecalibrationRequest = z.infer<typeof recalibrationRequestSchema>;

export const modelActivatedSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.literal('active'),
});

/** A predictor as the model card lists it. */
export const cardPredictorSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  unit: z.string(),
  /** The value used when the record has none; null: the model handles a missing value itself. */
  defaultWhenMissing: z.number().nullable(),
  modifiable: z.boolean(),
});

/**
 * A version's model card, to the TRIPOD+AI items a deploying trust needs (decision 0046): intended
 * use and users, the outcome and its time frame, the predictors, the development data, performance
 * where it was developed and on the trust's own outcomes (overall and by group), known limitations,
 * and how it was updated.
 */
export const tripodCardSchema = z.object({
  id: z.string(),
  procedureCode: z.string(),
  procedureName: z.string(),
  version: z.number().int(),
  name: z.string(),
  modelVersion: z.string(),
  demonstration: z.boolean(),
  /** "Demonstration model (synthetic data) — not for clinical use" for the demonstration models. */
  label: z.string().nullable(),
  isActive: z.boolean(),
  source: z.enum(['uploaded', 'recalibrated']),
  baseVersion: z.number().int().nullable(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  modelSha256: z.string(),
  wrapperSha256: z.string(),
  modelType: z.string(),
  library: z.string(),
  intendedUse: z.string(),
  intendedUsers: z.string(),
  outcome: z.string(),
  timeFrame: z.string(),
  predictors: z.array(cardPredictorSchema),
  thresholds: z.object({ high: z.number(), moderate: z.number() }),
  developmentData: z.object({
    description: z.string().nullable(),
    size: z.number().int().nullable(),
    notes: z.string().nullable(),
  }),
  /** The figures the developer reported (auroc, brier, calibration…). */
  developmentPerformance: z.record(z.string(), z.number()).nullable(),
  localPerformance: z
    .object({
      n: z.number().int(),
      events: z.number().int(),
      oe: z.object({ ratio: z.number(), lower: z.number(), upper: z.number() }).nullable(),
      auroc: z.object({ value: z.number(), lower: z.number(), upper: z.number() }).nullable(),
      calibrationIntercept: z.number().nullable(),
      calibrationSlope: z.number().nullable(),
      brier: z.number().nullable(),
      enoughEvents: z.boolean(),
      groups: z.array(
        z.object({
          by: z.string(),
          group: z.string(),
          n: z.union([z.number().int(), z.literal('<10')]),
          oe: z.number().nullable(),
          auroc: z.number().nullable(),
          flagged: z.boolean(),
        }),
      ),
    })
    .nullable(),
  limitations: z.array(z.string()),
  updates: z.array(z.string()),
  recalibration: recalibrationSchema.nullable(),
});
export type TripodCard = z.infer<typeof tripodCardSchema>;
