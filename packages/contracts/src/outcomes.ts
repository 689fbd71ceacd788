import { z } from 'zod';
import { isoDate, predictionSchema } from './open-pathways.js';
import { pagedSchema } from './paging.js';
import { batchIdQuerySchema, batchStatusSchema, fileResultSchema, fileStatusSchema } from './waiting-list.js';
import { bidiControlMessage, hasBidiControls } from './text-direction.js';

/**
 * Outcomes after surgery (docs/model-monitoring.md, decision 0045): what happened to each operated
 * patient, from a trust's outcomes file or recorded by a clinician, kept as a dated history; the
 * latest is the pathway's outcome, and it is what the model's prediction is judged against.
 */

export const outcomesUploadField = 'outcomesFile';

/** The plain-English names of an outcome's fields: the file's summary, a pathway's outcome, the form. */
export const outcomeFieldLabels = {
  dateOfOperation: 'Date of operation',
  complication90Days: 'Complication within 90 days',
  complicationType: 'Complication type',
  readmission30Days: 'Readmission within 30 days',
  lengthOfStayDays: 'Length of stay',
  death90Days: 'Death within 90 days',
} as const;

/** Where an outcome came from. */
export const outcomeSources = ['file', 'clinician'] as const;

export const pathwayOutcomeSchema = z.object({
  id: z.string(),
  /** YYYY-MM-DD. */
  dateOfOperation: z.string(),
  complication90Days: z.boolean(),
  complicationType: z.string().nullable(),
  readmission30Days: z.boolean().nullable(),
  lengthOfStayDays: z.number().nullable(),
  death90Days: z.boolean().nullable(),
  source: z.enum(outcomeSources),
  /** The outcomes file it came from, for one from a file. */
  fileName: z.string().nullable(),
  recordedAt: z.string(),
  recordedBy: z.string(),
});
export type PathwayOutcome = z.infer<typeof pathwayOutcomeSchema>;

/** The prediction an outcome is judged against: the latest made on or before the day of operation. */
export const judgedPredictionSchema = z.object({
  evaluationId: z.string(),
  modelVersion: z.number().int(),
  probability: z.number(),
  prediction: predictionSchema,
  evaluatedAt: z.string(),
});

export const pathwayOutcomesSchema = z.object({
  /** The latest recorded outcome, or null when none is. */
  current: pathwayOutcomeSchema.nullable(),
  /** Null when the pathway had no evaluation on or before its day of operation (it is not judged). */
  judgedPrediction: judgedPredictionSchema.nullable(),
  /** Every outcome recorded, newest first. */
  history: z.array(pathwayOutcomeSchema),
});
export type PathwayOutcomes = z.infer<typeof pathwayOutcomesSchema>;

const yesNo = (label: string) =>
  z
    .enum(['yes', 'no'], { error: `Select whether the patient ${label}` })
    .transform((value) => value === 'yes');
const optionalYesNo = z
  .enum(['yes', 'no', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? null : value === 'yes'));

export const outcomeMessages = {
  dateMissing: 'Enter the date of operation',
  dateFuture: 'The date of operation must be today or in the past',
  dateBeforeReferral: 'The date of operation must be on or after the referral date',
  complicationTypeLong: 'The complication type must be 200 characters or fewer',
  lengthOfStayNumber: 'Enter the length of stay as a number of days, like 3',
  lengthOfStayNegative: 'The length of stay cannot be negative',
  lengthOfStayLong: 'The length of stay must be 365 days or fewer',
  recorded: 'Outcome recorded',
  serviceBusy: 'Uploading an outcomes file is not possible when the service is running',
  selectFile: 'Select an outcomes file',
  notReadyToConfirm: 'The outcomes file has errors: correct them and upload it again before confirming',
  noPathway:
    'No pathway of this procedure has this NHS number or local patient identifier: the row is skipped',
  notOnListAnyMore: 'This pathway cannot take an outcome',
} as const;

/** POST …/patients/{id}/outcome: a clinician records or corrects the pathway's outcome. */
export const outcomeRequestSchema = z.object({
  dateOfOperation: z
    .string({ error: outcomeMessages.dateMissing })
    .max(30, outcomeMessages.dateMissing)
    .trim()
    .min(1, outcomeMessages.dateMissing)
    .pipe(isoDate),
  complication90Days: yesNo('had a complication within 90 days'),
  complicationType: z
    .string()
    .trim()
    .max(200, outcomeMessages.complicationTypeLong)
    .refine((value) => !hasBidiControls(value), bidiControlMessage)
    .optional()
    .transform((value) => (value ? value : null)),
  readmission30Days: optionalYesNo,
  lengthOfStayDays: z
    .union([z.number(), z.string().max(20, outcomeMessages.lengthOfStayNumber).trim()])
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return null;
      const days = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(days)) {
        context.addIssue({ code: 'custom', message: outcomeMessages.lengthOfStayNumber });
        return z.NEVER;
      }
      if (days < 0) {
        context.addIssue({ code: 'custom', message: outcomeMessages.lengthOfStayNegative });
        return z.NEVER;
      }
      if (days > 365) {
        context.addIssue({ code: 'custom', message: outcomeMessages.lengthOfStayLong });
        return z.NEVER;
      }
      return days;
    }),
  death90Days: optionalYesNo,
});
export type OutcomeRequest = z.input<typeof outcomeRequestSchema>;

/** What a confirmed outcomes file does: new outcomes, corrected ones, active pathways archived as operated. */
export const outcomeChangesSchema = z.object({
  recorded: z.number().int(),
  corrected: z.number().int(),
  unchanged: z.number().int(),
  operated: z.number().int(),
});
export type OutcomeChanges = z.infer<typeof outcomeChangesSchema>;

const totalsSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  error: z.number().int(),
  warnings: z.number().int(),
});

/** GET …/outcomes/upload-status/?batchId= */
export const outcomesUploadStatusSchema = z.object({
  batchId: z.string(),
  batchStatus: batchStatusSchema,
  fileName: z.string(),
  status: fileStatusSchema,
  totals: totalsSchema,
});
export type OutcomesUploadStatus = z.infer<typeof outcomesUploadStatusSchema>;

/** GET …/outcomes/validation-summary/?batchId= : the list file's result shape for the one file. */
export const outcomesValidationSummarySchema = z.object({
  batchId: z.string(),
  batchStatus: batchStatusSchema,
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  outcomes_result: fileResultSchema,
  /** Valid rows that match a pathway of the trust and procedure (active or archived). */
  matched: z.number().int(),
  /** Valid rows that match none: warned about, and skipped. */
  unmatched: z.number().int(),
  /** While it can be confirmed, what the confirm will do; once imported, what it did; else null. */
  changes: outcomeChangesSchema.nullable(),
});
export type OutcomesValidationSummary = z.infer<typeof outcomesValidationSummarySchema>;
export const outcomesValidationSummaryQuerySchema = batchIdQuerySchema.extend({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
});

export const outcomesDecisionSchema = z.object({
  batchId: z.string(),
  batchStatus: batchStatusSchema,
  changes: outcomeChangesSchema.nullable(),
});
export type OutcomesDecision = z.infer<typeof outcomesDecisionSchema>;

export const outcomesUploadItemSchema = z.object({
  batchId: z.string(),
  fileName: z.string(),
  uploadDate: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  user: z.string(),
});
export const outcomesUploadsSchema = pagedSchema(outcomesUploadItemSchema);
export type OutcomesUploads = z.infer<typeof outcomesUploadsSchema>;
export const outcomesUploadsQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
});

/** The sample outcomes files the upload page offers (the same columns for every procedure). */
export const outcomesSampleFiles = {
  csv: '/samples/outcomes-template.csv',
  xlsx: '/samples/outcomes-template.xlsx',
} as const;
