import { z } from 'zod';
import { isCalendarDate } from './calendar.js';
import { fieldLimits } from './field-limits.js';
import { pagedSchema } from './paging.js';
import { procedureCodeSchema } from './procedures.js';

/**
 * Open pathways (docs/requirements.md §2 clerical screens, §3 active, archived and failed records, §7 calls): the
 * records an import creates, as the clerical screens list, count and export them.
 */

/** docs/requirements.md §4 record status: `waiting` is shown 'Not processed'; `failed` could not be scored. */
export const recordStatuses = ['processed', 'waiting', 'failed'] as const;
export const recordStatusSchema = z.enum(recordStatuses);
export type RecordStatus = z.infer<typeof recordStatusSchema>;

/** docs/requirements.md §3 prediction values as the filters send them; shown as riskLabels. */
export const predictions = ['high', 'medium', 'low'] as const;
export const predictionSchema = z.enum(predictions);
export type Prediction = z.infer<typeof predictionSchema>;
export const riskLabels: Record<Prediction, string> = {
  high: 'High risk',
  medium: 'Moderate risk',
  low: 'Low risk',
};
export const notProcessedLabel = 'Not processed';

export const readinessValues = ['not_ready', 'requires_review', 'ready'] as const;
export const socialValues = ['no_social_concerns', 'social_review_required', 'social_concerns'] as const;

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDate = z
  .string()
  .max(10)
  .refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return !!match && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  }, 'Enter a real date as YYYY-MM-DD');

/** docs/requirements.md §3 active record. Dates are YYYY-MM-DD; screens show DD-MMM-YYYY. */
export const activeRecordSchema = z.object({
  id: z.string(),
  nhsNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  operationType: z.string(),
  hospitalNumber: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  status: recordStatusSchema,
  prediction: predictionSchema.nullable(),
  /** The model's probability (0 to 1) behind the prediction; like it, only on a processed record. */
  probability: z.number().nullable(),
  tciDate: z.string().nullable(),
  surgeonName: z.string().nullable(),
  referralDate: z.string().nullable(),
  social: z.enum(socialValues).nullable(),
  surgery: z.enum(readinessValues).nullable(),
  /**
   * The current result has been flagged as an anomaly by a clinician, with the reason given if any
   * (decision 0039); the total table reads it, other lists and reports leave it out.
   */
  anomaly: z.object({ reason: z.string().nullable() }).nullable().optional(),
});
export type ActiveRecord = z.infer<typeof activeRecordSchema>;
export const activeRecordsSchema = pagedSchema(activeRecordSchema);
export type ActiveRecords = z.infer<typeof activeRecordsSchema>;

/**
 * docs/requirements.md §7 active records query: the nine filters (all optional, combined with AND) and paging.
 * nhsNumber accepts spaces and matches from the start; hospitalNumber matches from the start and
 * surgeonName any part of the name ("Okonkwo" finds "Miss L Okonkwo"), both ignoring case.
 */
export const activeRecordsFilterSchema = z.object({
  nhsNumber: z
    .string()
    .max(20)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => value === '' || /^\d{1,10}$/.test(value), 'Enter up to 10 digits')
    .optional(),
  hospitalNumber: z.string().max(fieldLimits.localPatientIdentifier).optional(),
  tciDate: isoDate.optional(),
  referralDate: isoDate.optional(),
  surgeonName: z.string().max(fieldLimits.surgeonName).optional(),
  status: z.enum(['processed', 'waiting']).optional(),
  prediction: predictionSchema.optional(),
  social: z.enum(socialValues).optional(),
  surgery: z.enum(readinessValues).optional(),
});
export type ActiveRecordsFilter = z.infer<typeof activeRecordsFilterSchema>;

/**
 * What the active list can be sorted by (decision 0038): the risk (the model's probability), the
 * wait (days since referral), the TCI date and the surname. Records without a value (no evaluation,
 * no date, no surname) come last either way; ties keep the id's order.
 */
export const activeSortKeys = ['risk', 'wait', 'tciDate', 'surname'] as const;
export const activeSortKeySchema = z.enum(activeSortKeys);
export type ActiveSortKey = z.infer<typeof activeSortKeySchema>;
export const sortDirections = ['asc', 'desc'] as const;
export const sortDirectionSchema = z.enum(sortDirections);
export type SortDirection = z.infer<typeof sortDirectionSchema>;
/**
 * The direction a key sorts in when none is given: the highest risk, the longest wait, the
 * earliest TCI date, and surnames from A. With no key the list is in the longest wait's order.
 */
export const defaultSortDirections: Record<ActiveSortKey, SortDirection> = {
  risk: 'desc',
  wait: 'desc',
  tciDate: 'asc',
  surname: 'asc',
};
export const defaultActiveSort: { sort: ActiveSortKey; direction: SortDirection } = {
  sort: 'wait',
  direction: 'desc',
};

export const activeRecordsQuerySchema = activeRecordsFilterSchema.extend({
  sort: activeSortKeySchema.optional(),
  direction: sortDirectionSchema.optional(),
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
});
export type ActiveRecordsQuery = z.infer<typeof activeRecordsQuerySchema>;

/** An answer of counters, `{ counters: { <name>: integer, … } }`, the names in the order given. */
export const countersSchema = <const Name extends string>(names: readonly Name[]) =>
  z.object({
    counters: z.object(
      Object.fromEntries(names.map((name) => [name, z.number().int()])) as Record<Name, z.ZodNumber>,
    ),
  });

/** GET …/procedures/{type}/manage/processed (docs/requirements.md §2 processed screen). */
export const processedCountsSchema = countersSchema(['total', 'high', 'medium', 'low']);
export type ProcessedCounts = z.infer<typeof processedCountsSchema>;

/** docs/requirements.md §3 failed record; the error history names the person foreName / surName. */
export const failedRecordSchema = z.object({
  id: z.string(),
  waitingListId: z.string(),
  nhsNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  foreName: z.string().nullable(),
  surName: z.string().nullable(),
  operationType: z.string(),
  procedureCode: procedureCodeSchema,
  hospitalNumber: z.string().nullable(),
  status: z.literal('failed'),
  /** ISO time scoring was tried. */
  dateProcessed: z.string().nullable(),
  /** The record fields the model could not use (field keys; labels in importFieldLabels). */
  failedFields: z.array(z.string()),
  failureReason: z.string().nullable(),
});
export type FailedRecord = z.infer<typeof failedRecordSchema>;
export const failedRecordsSchema = pagedSchema(failedRecordSchema);

/** docs/requirements.md §3 archived record. */
export const archivedRecordSchema = z.object({
  id: z.string(),
  nhsNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  operationType: z.string(),
  procedureCode: procedureCodeSchema,
  hospitalNumber: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  /** The TCI date the pathway had when it left the list. */
  dateOfOperation: z.string().nullable(),
  surgeonName: z.string().nullable(),
  referralDate: z.string().nullable(),
  /** ISO time the pathway left the active list. */
  dateRemoved: z.string(),
  /** The last upload (batch id) that listed the pathway. */
  lastWaitingListId: z.string().nullable(),
  /** The risk it had when it left the list, if it had been processed (decision 0038). */
  prediction: predictionSchema.nullable(),
  probability: z.number().nullable(),
});
export type ArchivedRecord = z.infer<typeof archivedRecordSchema>;
export const archivedRecordsSchema = pagedSchema(archivedRecordSchema);

export const pageOnlyQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
});

/** docs/requirements.md §9 report file types. */
export const reportFileTypes = ['csv', 'pdf', 'xlsx'] as const;
export const reportFileTypeSchema = z.enum(reportFileTypes);
export type ReportFileType = z.infer<typeof reportFileTypeSchema>;

/** GET /api/waiting-list/procedures/{type}/manage/records/active/fields */
export const reportFieldSchema = z.object({ key: z.string(), label: z.string() });
export const reportFieldsSchema = z.object({ fields: z.array(reportFieldSchema) });
export type ReportField = z.infer<typeof reportFieldSchema>;

/** docs/requirements.md §5 report: name (max 30), file type and at least one field, all required. */
export const reportNameMaxLength = fieldLimits.reportName;
export const activeExportQuerySchema = activeRecordsFilterSchema.extend({
  fileName: z
    .string()
    .trim()
    .min(1, 'Enter a report name')
    .max(reportNameMaxLength, 'Report name must be 30 characters or fewer'),
  fileType: reportFileTypeSchema,
  /** Field keys, comma-separated, in the order the report shows them. */
  fields: z.string().min(1, 'Select at least one field').max(2000),
});
export const processedExportQuerySchema = z.object({
  fileType: z.literal('csv'),
  prediction: predictionSchema.optional(),
});
export const archivedExportQuerySchema = z.object({ fileType: z.literal('csv') });
export type ActiveExportQuery = z.infer<typeof activeExportQuerySchema>;
export type ProcessedExportQuery = z.infer<typeof processedExportQuerySchema>;
export type ArchivedExportQuery = z.infer<typeof archivedExportQuerySchema>;

/** Our wording where the specification names a rule but not its message. */
export const reportMessages = {
  nameRequired: 'Enter a report name',
  nameTooLong: 'Report name must be 30 characters or fewer',
  fileTypeRequired: 'Select a file type',
  fieldsRequired: 'Select at least one field',
  generating: 'Generating report...',
  unknownField: 'Select fields from the list',
} as const;

/** docs/requirements.md §3 record status as the screens show it (docs/requirements.md §4: `waiting` is 'Not processed'). */
export const recordStatusLabels: Record<RecordStatus, string> = {
  processed: 'Processed',
  waiting: notProcessedLabel,
  failed: 'Failed processing',
};

/** docs/requirements.md §3 readiness for surgery, in words. */
export const readinessLabels: Record<(typeof readinessValues)[number], string> = {
  not_ready: 'Not ready',
  requires_review: 'Requires review',
  ready: 'Ready',
};

/** docs/requirements.md §3 social aspects, in words. */
export const socialLabels: Record<(typeof socialValues)[number], string> = {
  no_social_concerns: 'No social concerns',
  social_review_required: 'Social review required',
  social_concerns: 'Social concerns',
};

/**
 * docs/requirements.md §5 report fields: the active record's columns, plus priority and the model's probability,
 * in the order the report form offers them. A report shows the chosen ones in the order chosen.
 */
export const reportFieldKeys = [
  'nhsNumber',
  'hospitalNumber',
  'firstName',
  'lastName',
  'dateOfBirth',
  'operationType',
  'referralDate',
  'tciDate',
  'surgeonName',
  'priority',
  'surgery',
  'social',
  'status',
  'prediction',
  'probability',
  'modelVersion',
  'adjustedPrediction',
] as const;
export type ReportFieldKey = (typeof reportFieldKeys)[number];
export const reportFieldLabels: Record<ReportFieldKey, string> = {
  nhsNumber: 'NHS number',
  hospitalNumber: 'Local patient identifier',
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  operationType: 'Type of operation',
  referralDate: 'Referral date',
  tciDate: 'TCI date',
  surgeonName: 'Consultant surgeon',
  priority: 'Priority',
  surgery: 'Readiness for surgery',
  social: 'Social aspects',
  status: 'Status',
  prediction: 'Prediction',
  probability: 'Predicted probability',
  // Decision 0046: the trust's version of the model that made the prediction.
  modelVersion: 'Model version',
  // Decision 0044: the clinician's view, beside the model's prediction and never in its place.
  adjustedPrediction: 'Clinician’s view of the risk',
};
/** The fields of a report that names none (the processed list's downloads). */
export const defaultReportFields: readonly ReportFieldKey[] = reportFieldKeys.filter(
  (key) => key !== 'priority' && key !== 'probability' && key !== 'adjustedPrediction',
);
