import { z } from 'zod';
import { hiddenFigureSchema } from './small-groups.js';
import { safetyOfficerNote } from './safety-officer-note.js';
import { boundedDate } from './text-rules.js';

/** Model upload form fields (docs/requirements.md §7) and the size we accept for each file. */
export const modelUploadFields = ['modelFile', 'wrapperFile'] as const;
export const modelFileMaxBytes = 50 * 1024 * 1024;

/** The words of a model version's fields, the same wherever one is shown. */
const modelText = {
  id: 'The model version’s id',
  version: 'The trust’s version number of the procedure’s model, from 1',
  name: 'The model’s name, from its wrapper',
  modelVersion: 'The version its developer gave it, from the wrapper (the model card’s version)',
  modelType: 'The estimator read from the file, e.g. XGBClassifier (300 trees, binary:logistic)',
  demonstration: 'True for a demonstration model (synthetic data, not for clinical use)',
  uploadedBy: 'The name of the technical admin who uploaded it (or recalibrated it)',
  uploadedAt: 'When it was uploaded or made: ISO 8601, UTC',
  modelSha256: 'The SHA-256 of the model file, in hex',
  wrapperSha256: 'The SHA-256 of the wrapper file, in hex',
  isActive: 'True for the version that scores the procedure’s pathways',
  source: 'uploaded, or recalibrated from an earlier version',
  baseVersion: 'For a recalibrated version, the version it was made from; null otherwise',
  thresholds:
    'The probabilities at which the bands start: high at or above high, moderate at or above moderate',
} as const;

const thresholdsSchema = z
  .object({
    high: z.number().describe('The probability from which a prediction is high risk'),
    moderate: z.number().describe('The probability from which it is moderate risk (below: low)'),
  })
  .describe(modelText.thresholds);

export const modelUploadAcceptedSchema = z.object({
  id: z.string().describe(modelText.id),
  version: z.number().int().describe(modelText.version),
  status: z
    .literal('awaiting approval')
    .describe(
      'Always awaiting approval: a clinical safety officer other than the uploader makes it active (decision 0060)',
    ),
});

export const modelCardSchema = z.object({
  id: z.string().describe(modelText.id),
  procedureCode: z.string().describe('The procedure: knee, hip or knee-hip'),
  version: z.number().int().describe(modelText.version),
  name: z.string().describe(modelText.name),
  modelVersion: z.string().describe(modelText.modelVersion),
  modelType: z.string().describe(modelText.modelType),
  demonstration: z.boolean().describe(modelText.demonstration),
  uploadedBy: z.string().describe(modelText.uploadedBy),
  uploadedAt: z.string().describe(modelText.uploadedAt),
  modelSha256: z.string().describe(modelText.modelSha256),
  wrapperSha256: z.string().describe(modelText.wrapperSha256),
  featureCount: z.number().int().describe('How many inputs the model reads'),
  thresholds: thresholdsSchema,
  metrics: z
    .record(z.string(), z.number())
    .nullable()
    .describe('The performance its developer reported, by name (e.g. auroc, brier); null when none'),
});
export type ModelCard = z.infer<typeof modelCardSchema>;

/** A calibration estimated out of sample (10-fold cross-validation over the fitting window). */
const calibrationEstimateSchema = z.object({
  intercept: z
    .number()
    .nullable()
    .describe('The calibration intercept: 0 is perfect; null when it cannot be fitted'),
  slope: z.number().nullable().describe('The calibration slope: 1 is perfect; null when it cannot be fitted'),
  oe: z.number().nullable().describe('Observed ÷ expected complications; null when nothing is expected'),
});

const likelihoodRatioTestSchema = (what: string) =>
  z
    .object({
      statistic: z.number().describe('The likelihood-ratio statistic'),
      pValue: z.number().describe('Its p-value'),
    })
    .nullable()
    .describe(`${what}; null when it was not made`);

const intervalSchema = z.object({
  lower: z.number().describe('The lower end'),
  upper: z.number().describe('The upper end'),
});

/**
 * How a recalibrated version was made (decision 0046): the map logit(p′) = a + b·logit(p) fitted on
 * the trust's outcomes of its base version, and the calibration before and after, out of sample.
 */
export const recalibrationSchema = z.object({
  requested: z
    .enum(['intercept', 'logistic', 'auto'])
    .describe('The method asked for: intercept, logistic or auto'),
  method: z
    .enum(['none', 'intercept', 'logistic'])
    .describe('What was fitted: auto chooses the least extensive update the data support'),
  intercept: z.number().describe('a of the map logit(p′) = a + b·logit(p)'),
  slope: z.number().describe('b of the map (1 when only the intercept was fitted)'),
  baseVersion: z.number().int().describe('The version it recalibrates'),
  from: z
    .string()
    .nullable()
    .describe('The first date of operation fitted on, YYYY-MM-DD; null: from the first'),
  to: z.string().nullable().describe('The last date of operation fitted on, YYYY-MM-DD; null: to the last'),
  n: z.number().int().describe('Outcomes it was fitted on'),
  events: z.number().int().describe('Complications among them'),
  tests: z
    .object({
      logisticVsNone: likelihoodRatioTestSchema(
        'The closed test’s first step: the full logistic update against none (2 degrees of freedom)',
      ),
      interceptVsNone: likelihoodRatioTestSchema(
        'Not part of the closed test (Vergouwe et al., 2017): null; kept for versions fitted before it was dropped',
      ),
      slopeVsIntercept: likelihoodRatioTestSchema(
        'The logistic update against the intercept one (1 degree of freedom)',
      ),
    })
    .describe('The likelihood-ratio tests of the closed test, at 5%'),
  before: calibrationEstimateSchema.describe(
    'The base version’s calibration, out of sample (10-fold cross-validation)',
  ),
  after: calibrationEstimateSchema.describe('The recalibrated calibration, out of sample'),
  intervals: z
    .object({
      intercept: intervalSchema.describe('a'),
      slope: intervalSchema.nullable().describe('b; null when only the intercept was fitted'),
    })
    .optional()
    .describe(
      'The 95% Wald intervals of a and b (from the information at the fit; through an earlier map, that map fixed). Absent on versions recalibrated before they were kept',
    ),
});
export type Recalibration = z.infer<typeof recalibrationSchema>;

/** The version's predictions judged against the trust's outcomes (model monitoring), if any. */
export const localPerformanceSchema = z.object({
  n: z.number().int().describe('Outcomes judged against its predictions'),
  events: z.number().int().describe('Complications among them'),
  oe: z.number().nullable().describe('Observed ÷ expected; null when nothing is expected'),
  auroc: z
    .number()
    .nullable()
    .describe('The area under the ROC curve; null with fewer than two of either outcome'),
  enoughEvents: z.boolean().describe('False below 100 complications: too uncertain to act on'),
});

/** A version's state (decision 0060). */
export const modelStatuses = ['awaiting approval', 'active', 'superseded', 'declined', 'inactive'] as const;
export type ModelStatus = (typeof modelStatuses)[number];

export const modelVersionSchema = z.object({
  id: z.string().describe(modelText.id),
  version: z.number().int().describe(modelText.version),
  status: z
    .enum(modelStatuses)
    .describe(
      'awaiting approval (proposed, not yet approved by a clinical safety officer), active, superseded (active once), declined, or inactive (never proposed, or a proposal withdrawn)',
    ),
  isActive: z.boolean().describe(modelText.isActive),
  modelType: z.string().describe(modelText.modelType),
  modelFileName: z.string().describe('The model file’s name as it was uploaded'),
  wrapperFileName: z.string().describe('The wrapper file’s name as it was uploaded'),
  modelSha256: z.string().describe(modelText.modelSha256),
  uploadedBy: z.string().describe(modelText.uploadedBy),
  uploadedAt: z.string().describe(modelText.uploadedAt),
  /** Decision 0046. */
  source: z.enum(['uploaded', 'recalibrated']).describe(modelText.source),
  baseVersion: z.number().int().nullable().describe(modelText.baseVersion),
  smokeTest: z
    .literal('passed')
    .describe('Always passed: every stored version passed the smoke test on the reference records'),
  pathwaysScored: z.number().int().describe('Pathways it has evaluated'),
  localPerformance: localPerformanceSchema
    .nullable()
    .describe('Its predictions judged against the trust’s outcomes; null when there are none'),
  activatedAt: z.string().nullable().describe('When it was last made active: ISO 8601, UTC; null if never'),
  activatedBy: z.string().nullable().describe('Who last made it active; null if never'),
  createdByYou: z.boolean().describe('True when the signed-in user uploaded or recalibrated it'),
  proposal: z
    .object({
      by: z.string().describe('The technical admin who proposed making it active'),
      at: z.string().describe('When: ISO 8601, UTC'),
      byYou: z.boolean().describe('True when the signed-in user proposed it: they cannot approve it'),
    })
    .nullable()
    .describe('The open proposal to make this version active; null when there is none'),
  declined: z
    .object({
      by: z.string().describe('The clinical safety officer who declined it'),
      at: z.string().describe('When: ISO 8601, UTC'),
      reason: z.string().describe('Why'),
    })
    .nullable()
    .describe('The latest proposal declined, if the version is declined; null otherwise'),
  recalibration: recalibrationSchema
    .nullable()
    .describe('How a recalibrated version was made; null for an uploaded one'),
});
export type ModelVersion = z.infer<typeof modelVersionSchema>;
export const modelVersionsResponseSchema = z.object({
  items: z.array(modelVersionSchema).describe('Every version, newest first'),
});

export const modelMessages = {
  proposerCannotApprove:
    'You proposed this version, so you cannot approve it: another clinical safety officer must',
  nothingToApprove: 'No one has proposed making this version active: a technical admin proposes it first',
  alreadyActive: 'This version is already the active one',
  alreadyProposed: 'This version is already awaiting approval by a clinical safety officer',
  tooFewEvents: (events: number) =>
    `Recalibration needs at least 100 complications recorded for this version in the period; there are ${events}. Record more outcomes, or widen the period. Meanwhile, if the model performance screen shows a problem, review the model with the clinical safety officer, who can approve an earlier version proposed again, or suspend the predictions for this procedure until it is safe.`,
  notFound: 'No such model version for this procedure',
  noUpdateNeeded:
    'The outcomes do not show that this version needs recalibrating (the closed test at 5% chose no update), so no new version was made.',
} as const;

export const recalibrationRequestSchema = z.object({
  method: z
    .enum(['intercept', 'logistic', 'auto'], {
      error: 'Select how to recalibrate: the intercept, the intercept and slope, or let the data choose',
    })
    .meta({
      description:
        'intercept (logit P(y) = a + logit(p)), logistic (a + b·logit(p)) or auto (a closed test at 5% picks none, intercept or both)',
      example: 'auto',
    }),
  from: boundedDate.optional().meta({
    description: 'Fit on outcomes operated on this day or later, YYYY-MM-DD; absent: from the first',
    example: '2025-06-01',
  }),
  to: boundedDate.optional().meta({
    description: 'Fit on outcomes operated on this day or earlier, YYYY-MM-DD; absent: to the last',
    example: '2026-05-31',
  }),
});
export type RecalibrationRequest = z.infer<typeof recalibrationRequestSchema>;

export const modelActivatedSchema = z.object({
  id: z.string().describe(modelText.id),
  version: z.number().int().describe(modelText.version),
  status: z.literal('active').describe('Always active'),
});

/** POST …/models/{id}/decline: why the clinical safety officer does not approve it. */
export const declineRequestSchema = z.object({
  reason: safetyOfficerNote(
    'Enter why you are not approving this version',
    'The reason must be 2,000 characters or fewer',
  ).meta({
    description: 'Why the version is not approved, up to 2,000 characters',
    example: 'The validation report does not cover patients over 85.',
  }),
});

/** What a proposal or a decline answers: the version as the versions table shows it. */
export const modelProposalSchema = z.object({
  id: z.string().describe(modelText.id),
  version: z.number().int().describe(modelText.version),
  status: z.enum(modelStatuses).describe('awaiting approval after a proposal; declined after a decline'),
});

/** A predictor as the model card lists it. */
export const cardPredictorSchema = z.object({
  name: z.string().describe('The input’s name as the model reads it, e.g. white_blood_count'),
  displayName: z.string().describe('Its name in words'),
  unit: z.string().describe('Its unit, or empty'),
  defaultWhenMissing: z
    .number()
    .nullable()
    .describe('The value used when the record has none; null: the model handles a missing value itself'),
  modifiable: z.boolean().describe('True when the wrapper marks it as changeable before surgery (e.g. BMI)'),
});

/**
 * A version's model card, to the TRIPOD+AI items a deploying trust needs (decision 0046): intended
 * use and users, the outcome and its time frame, the predictors, the development data, performance
 * where it was developed and on the trust's own outcomes (overall and by group), known limitations,
 * and how it was updated.
 */
const estimateWithInterval = <Key extends string>(key: Key, estimate: string) =>
  z
    .object({
      ...({ [key]: z.number().describe(estimate) } as Record<Key, z.ZodNumber>),
      lower: z.number().describe('The lower end of its 95% interval'),
      upper: z.number().describe('The upper end of its 95% interval'),
    })
    .nullable()
    .describe(`${estimate}, with its 95% interval; null when it cannot be estimated`);

export const tripodCardSchema = z.object({
  id: z.string().describe(modelText.id),
  procedureCode: z.string().describe('The procedure: knee, hip or knee-hip'),
  procedureName: z.string().describe('The procedure’s name, e.g. Knee replacement'),
  version: z.number().int().describe(modelText.version),
  name: z.string().describe(modelText.name),
  modelVersion: z.string().describe(modelText.modelVersion),
  demonstration: z.boolean().describe(modelText.demonstration),
  label: z
    .string()
    .nullable()
    .describe(
      '"Demonstration model (synthetic data) — not for clinical use" for the demonstration models; null otherwise',
    ),
  isActive: z.boolean().describe(modelText.isActive),
  source: z.enum(['uploaded', 'recalibrated']).describe(modelText.source),
  baseVersion: z.number().int().nullable().describe(modelText.baseVersion),
  uploadedBy: z.string().describe(modelText.uploadedBy),
  uploadedAt: z.string().describe(modelText.uploadedAt),
  modelSha256: z.string().describe(modelText.modelSha256),
  wrapperSha256: z.string().describe(modelText.wrapperSha256),
  modelType: z.string().describe(modelText.modelType),
  library: z.string().describe('The library and version the model was made with, e.g. xgboost 2.1.4'),
  intendedUse: z.string().describe('What the model is for (TRIPOD+AI: intended use)'),
  intendedUsers: z.string().describe('Who is to use it (TRIPOD+AI: intended users)'),
  outcome: z
    .string()
    .describe(
      'The outcome it predicts, as its developer defines it; "Not reported by the developer" when not given',
    ),
  timeFrame: z.string().describe('The time frame of that outcome, e.g. within 90 days of the operation'),
  population: z
    .string()
    .describe(
      'Who it was made for: the operations by OPCS-4 code and the ages, as its wrapper declares them',
    ),
  tripodItems: z
    .array(
      z.object({
        item: z.string().describe('The TRIPOD+AI item, e.g. Outcome and its time frame'),
        reported: z.boolean().describe('False: the developer did not report it'),
        detail: z.string().describe('Where the card gives it, or "Not reported by the developer"'),
      }),
    )
    .describe('The TRIPOD+AI items a deploying trust needs, those this card covers and those it cannot'),
  predictors: z.array(cardPredictorSchema).describe('The inputs it reads, in its order'),
  thresholds: thresholdsSchema,
  developmentData: z
    .object({
      description: z
        .string()
        .nullable()
        .describe('The data it was developed on, in words; null when not given'),
      size: z
        .number()
        .int()
        .nullable()
        .describe('How many patients it was developed on; null when not given'),
      notes: z.string().nullable().describe('Further notes; null when none'),
    })
    .describe('Where it was developed'),
  developmentPerformance: z
    .record(z.string(), z.number())
    .nullable()
    .describe('The figures the developer reported, by name (auroc, brier, calibration…); null when none'),
  localPerformance: z
    .object({
      n: z.number().int().describe('Outcomes of the trust judged against its predictions'),
      events: z.number().int().describe('Complications among them'),
      oe: estimateWithInterval('ratio', 'Observed ÷ expected complications'),
      auroc: estimateWithInterval('value', 'The area under the ROC curve'),
      calibrationIntercept: z.number().nullable().describe('The calibration intercept: 0 is perfect'),
      calibrationSlope: z.number().nullable().describe('The calibration slope: 1 is perfect'),
      brier: z.number().nullable().describe('The mean squared difference between prediction and outcome'),
      enoughEvents: z.boolean().describe('False below 100 complications: too uncertain to act on'),
      groups: z
        .array(
          z.object({
            by: z.string().describe('What the group is by: sex, ethnicGroup or ageBand'),
            group: z.string().describe('The group, e.g. Female'),
            n: z
              .union([z.number().int(), hiddenFigureSchema])
              .describe(
                'Outcomes of the group, or "hidden" for a small group or one hidden so that a small group cannot be worked out (then nothing else is shown)',
              ),
            oe: z.number().nullable().describe('Observed ÷ expected; null when not shown or not estimable'),
            auroc: z
              .number()
              .nullable()
              .describe('The area under the ROC curve; null when not shown or not estimable'),
            flagged: z.boolean().describe('True when the model performs differently for the group'),
          }),
        )
        .describe('The same by sex, ethnic group and age band'),
    })
    .nullable()
    .describe('Its performance on the trust’s own outcomes; null when none are judged'),
  limitations: z.array(z.string()).describe('Known limitations, in words'),
  updates: z.array(z.string()).describe('How it was made and updated, in words'),
  recalibration: recalibrationSchema
    .nullable()
    .describe('How a recalibrated version was made; null for an uploaded one'),
});
export type TripodCard = z.infer<typeof tripodCardSchema>;
