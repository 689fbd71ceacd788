import { z } from 'zod';
import { isoDate, predictionSchema } from './open-pathways.js';
import { pagedSchema, pageQueryFields } from './paging.js';
import { batchIdQuerySchema, batchStatusSchema, fileResultSchema, fileStatusSchema } from './waiting-list.js';
import { bidiControlMessage, hasBidiControls } from './text-direction.js';
import { boundedDate, plainDecimal, singleLine } from './text-rules.js';

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
  id: z.string().describe('The outcome’s id'),
  dateOfOperation: z.string().describe('The date of operation, YYYY-MM-DD'),
  complication90Days: z
    .boolean()
    .nullable()
    .describe(
      'Whether the patient had a complication within 90 days; null: "Not known yet", recorded before the follow-up is complete',
    ),
  complicationType: z.string().nullable().describe('The complication, in words; null when none was given'),
  readmission30Days: z
    .boolean()
    .nullable()
    .describe('Whether the patient was readmitted within 30 days; null: not known'),
  lengthOfStayDays: z.number().nullable().describe('The length of stay in days; null: not known'),
  death90Days: z.boolean().nullable().describe('Whether the patient died within 90 days; null: not known'),
  source: z.enum(outcomeSources).describe('Where it came from: file (an outcomes upload) or clinician'),
  fileName: z
    .string()
    .nullable()
    .describe('The outcomes file it came from; null for one a clinician recorded'),
  recordedAt: z.string().describe('When it was recorded: ISO 8601, UTC'),
  recordedBy: z.string().describe('The name of the user who recorded or uploaded it'),
});
export type PathwayOutcome = z.infer<typeof pathwayOutcomeSchema>;

/** The prediction an outcome is judged against: the latest made before the day of operation. */
export const judgedPredictionSchema = z.object({
  evaluationId: z.string().describe('The evaluation that made the prediction'),
  modelVersion: z.number().int().describe('The trust’s version of the model that made it'),
  probability: z
    .number()
    .nullable()
    .describe(
      'The predicted probability of a complication, 0 to 1; null while the clinical safety officer has suspended the procedure’s predictions (decision 0063)',
    ),
  prediction: predictionSchema
    .nullable()
    .describe('The risk band: high, medium or low; null while the predictions are suspended'),
  evaluatedAt: z.string().describe('When it was made: ISO 8601, UTC'),
});

export const pathwayOutcomesSchema = z.object({
  current: pathwayOutcomeSchema.nullable().describe('The latest recorded outcome; null when none is'),
  judgedPrediction: judgedPredictionSchema
    .nullable()
    .describe(
      'The prediction the outcome is judged against: the latest made before the day of operation; null when there is none (the outcome is not judged)',
    ),
  countsFrom: isoDate
    .nullable()
    .describe(
      'The first day (London) on which the current outcome counts in the model’s monitoring: the day of operation plus the model’s follow-up (90 days); null when it is not judged or is "Not known yet"',
    ),
  history: z.array(pathwayOutcomeSchema).describe('Every outcome recorded, newest first'),
});
export type PathwayOutcomes = z.infer<typeof pathwayOutcomesSchema>;

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
    .pipe(boundedDate)
    .meta({
      description:
        'The date of operation, YYYY-MM-DD: today or earlier, not before the referral date, and not before 1900',
      example: '2026-10-03',
    }),
  complication90Days: z
    .enum(['yes', 'no', 'not-known'], {
      error: 'Select whether the patient had a complication within 90 days',
    })
    .transform((value) => (value === 'not-known' ? null : value === 'yes'))
    .meta({
      description:
        'yes, no, or not-known: whether the patient had a complication within 90 days. Before 90 days have passed since the operation, no means no complication so far, and the outcome counts in monitoring only once they have (decision 0059)',
      example: 'yes',
    }),
  complicationType: z
    .string()
    .trim()
    .max(200, outcomeMessages.complicationTypeLong)
    .refine((value) => !hasBidiControls(value), bidiControlMessage)
    .check(singleLine)
    .optional()
    .transform((value) => (value ? value : null))
    .meta({
      description: 'The complication, in words, up to 200 characters',
      example: 'Deep wound infection',
    }),
  readmission30Days: optionalYesNo.meta({
    description: 'yes, no, or empty or absent when not known: readmitted within 30 days',
    example: 'no',
  }),
  lengthOfStayDays: z
    .union([z.number(), z.string().max(20, outcomeMessages.lengthOfStayNumber).trim()])
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return null;
      // Plain decimal only: Number() would keep "0x10" as 16 days and "1e2" as 100.
      const days = typeof value === 'number' ? value : plainDecimal(value);
      if (days === undefined || !Number.isFinite(days)) {
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
    })
    .meta({
      description:
        'The length of stay in days, 0 to 365, as a number or text; empty or absent when not known',
      example: '6',
    }),
  death90Days: optionalYesNo.meta({
    description: 'yes, no, or empty or absent when not known: died within 90 days',
    example: 'no',
  }),
});
export type OutcomeRequest = z.input<typeof outcomeRequestSchema>;

/** What a confirmed outcomes file does: new outcomes, corrected ones, active pathways archived as operated. */
export const outcomeChangesSchema = z.object({
  recorded: z.number().int().describe('Pathways given their first outcome'),
  corrected: z.number().int().describe('Pathways whose outcome changes'),
  unchanged: z.number().int().describe('Pathways whose outcome is the same as recorded'),
  operated: z.number().int().describe('Active pathways archived as operated'),
});
export type OutcomeChanges = z.infer<typeof outcomeChangesSchema>;

const totalsSchema = z
  .object({
    rows: z.number().int().describe('Data rows read (valid and invalid)'),
    valid: z.number().int().describe('Rows that passed validation'),
    invalid: z.number().int().describe('Rows refused by validation'),
    error: z.number().int().describe('Rows that could not be read at all'),
    warnings: z.number().int().describe('Warnings, every one counted'),
  })
  .describe('The file’s counts');

const outcomesBatchText = {
  batchId: 'The outcomes upload’s batch id, as the upload answered it',
  batchStatus: 'What became of the upload: VALIDATING, VALIDATED, CONFIRMING, IMPORTED, CANCELLED or EXPIRED',
} as const;

/** GET …/outcomes/upload-status/?batchId= */
export const outcomesUploadStatusSchema = z.object({
  batchId: z.string().describe(outcomesBatchText.batchId),
  batchStatus: batchStatusSchema.describe(outcomesBatchText.batchStatus),
  fileName: z.string().describe('The file’s name as it was uploaded'),
  status: fileStatusSchema.describe(
    'VALIDATING, VALIDATED, VALIDATED_WITH_ERRORS (some rows refused) or FAILED (the file itself)',
  ),
  totals: totalsSchema,
});
export type OutcomesUploadStatus = z.infer<typeof outcomesUploadStatusSchema>;

/** GET …/outcomes/validation-summary/?batchId= : the list file's result shape for the one file. */
export const outcomesValidationSummarySchema = z.object({
  batchId: z.string().describe(outcomesBatchText.batchId),
  batchStatus: batchStatusSchema.describe(outcomesBatchText.batchStatus),
  pageNumber: z.number().int().describe('The page of invalid rows answered, from 1'),
  pageSize: z.number().int().describe('How many invalid rows a page holds'),
  outcomes_result: fileResultSchema.describe('What validation found in the outcomes file'),
  matched: z
    .number()
    .int()
    .describe('Valid rows that match a pathway of the trust and procedure (active or archived)'),
  unmatched: z.number().int().describe('Valid rows that match none: warned about, and skipped'),
  changes: outcomeChangesSchema
    .nullable()
    .describe('While it can be confirmed, what the confirm will do; once imported, what it did; else null'),
});
export type OutcomesValidationSummary = z.infer<typeof outcomesValidationSummarySchema>;
export const outcomesValidationSummaryQuerySchema = batchIdQuerySchema.extend({
  ...pageQueryFields({ maxPageNumber: 100_000 }),
});

export const outcomesDecisionSchema = z.object({
  batchId: z.string().describe(outcomesBatchText.batchId),
  batchStatus: batchStatusSchema.describe(outcomesBatchText.batchStatus),
  changes: outcomeChangesSchema.nullable().describe('Once imported, what the confirm did; null otherwise'),
});
export type OutcomesDecision = z.infer<typeof outcomesDecisionSchema>;

export const outcomesUploadItemSchema = z.object({
  batchId: z.string().describe(outcomesBatchText.batchId),
  fileName: z.string().describe('The file’s name as it was uploaded'),
  uploadDate: z.string().describe('When it was uploaded: ISO 8601, UTC'),
  status: z
    .string()
    .describe(
      'The file’s validation status, or IMPORTED, CANCELLED or EXPIRED once the upload was decided or lapsed',
    ),
  statusLabel: z.string().describe('The status in words, e.g. Validated with errors'),
  user: z.string().describe('The name of the user who uploaded it'),
});
export const outcomesUploadsSchema = pagedSchema(outcomesUploadItemSchema);
export type OutcomesUploads = z.infer<typeof outcomesUploadsSchema>;
export const outcomesUploadsQuerySchema = z.object({
  ...pageQueryFields({ maxPageNumber: 100_000 }),
});

/** The sample outcomes files the upload page offers (the same columns for every procedure). */
export const outcomesSampleFiles = {
  csv: '/samples/outcomes-template.csv',
  xlsx: '/samples/outcomes-template.xlsx',
} as const;
