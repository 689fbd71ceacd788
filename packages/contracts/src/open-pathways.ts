import { z } from 'zod';
import { isCalendarDate } from './calendar.js';
import { fieldLimits } from './field-limits.js';
import { pagedSchema, pageQueryFields } from './paging.js';
import { suspendedText } from './prediction-suspension.js';
import { procedureCodeSchema } from './procedures.js';
import { predictionSchema } from './risk-band.js';
import { queryList, queryListWording } from './query-list.js';
import { boundedDate, singleLine } from './text-rules.js';

/**
 * Open pathways (docs/requirements.md §2 clerical screens, §3 active, archived and failed records, §7 calls): the
 * records an import creates, as the clerical screens list, count and export them.
 */

/** docs/requirements.md §4 record status: `waiting` is shown 'Not processed'; `failed` could not be scored. */
/**
 * A record's scoring: processed (a band), waiting, failed; incomplete (scored without a band: a
 * required input is missing) and excluded (outside the model's population, not scored), decision 0057.
 */
export const storedRecordStatuses = ['processed', 'waiting', 'failed', 'incomplete', 'excluded'] as const;
/**
 * As a reader shows a record: its stored status, or `suspended` while the trust's clinical safety
 * officer has suspended its procedure's predictions (decision 0063); the date is its statusDetail.
 */
export const recordStatuses = [...storedRecordStatuses, 'suspended'] as const;
export const recordStatusSchema = z.enum(recordStatuses);
export type RecordStatus = z.infer<typeof recordStatusSchema>;

// The bands are defined once, with their stored words, in risk-band.ts; the lists' schemas use them here.
export { predictions, predictionSchema, riskLabels, type Prediction } from './risk-band.js';
export const notProcessedLabel = 'Not processed';

export const readinessValues = ['not_ready', 'requires_review', 'ready'] as const;
/** The missing-inputs filter (decision 0057): the model was given a default for an input the record lacks, or not. */
export const missingInputsValues = ['yes', 'no'] as const;
export const missingInputsLabels: Record<(typeof missingInputsValues)[number], string> = {
  yes: 'Some inputs not recorded',
  no: 'All inputs recorded',
};
/** The TCI-passed filter: the date to come in for surgery is before today, the pathway still on the list. */
export const tciPassedValues = ['yes', 'no'] as const;
export const tciPassedLabels: Record<(typeof tciPassedValues)[number], string> = {
  yes: 'TCI date passed',
  no: 'No TCI date passed',
};
export const socialValues = ['no_social_concerns', 'social_review_required', 'social_concerns'] as const;

/** The words of a pathway's fields, the same in every list that shows them. */
export const recordText = {
  id: 'The pathway’s id: one patient’s referral for one procedure at the trust',
  nhsNumber: 'The patient’s NHS number, 10 digits; null when the list gave none',
  firstName: 'The patient’s first name',
  lastName: 'The patient’s last name',
  operationType: 'The operation as the waiting list names it, e.g. Total knee replacement',
  hospitalNumber: 'The local patient identifier (hospital number) the trust gave',
  dateOfBirth: 'The patient’s date of birth, YYYY-MM-DD',
  prediction: 'The model’s risk band (high, medium or low) of a processed record; null otherwise',
  probability:
    'The model’s predicted probability of a complication, 0 to 1, behind the band; null unless processed',
  tciDate: 'The date the patient is to come in for surgery (TCI), YYYY-MM-DD; null when none is booked',
  surgeonName: 'The consultant surgeon',
  referralDate: 'The referral date, YYYY-MM-DD',
  social: 'Social aspects: no_social_concerns, social_review_required or social_concerns',
  surgery: 'Readiness for surgery: not_ready, requires_review or ready',
  status:
    'processed (scored), waiting (not scored yet, shown as Not processed), failed (could not be scored), incomplete (scored without a band: a required input is missing) or excluded (outside the model’s population, not scored)',
  statusDetail:
    'For an incomplete record, the required inputs missing ("haemoglobin not recorded"); for an excluded one, why it is outside the model’s population; null otherwise',
  defaultedInputs: 'The inputs the model was given a default for, by name ("Haemoglobin"); empty when none',
} as const;

/**
 * A calendar day, YYYY-MM-DD, that exists: the dates of answers. A date a request takes is read
 * with `boundedDate` (text-rules.ts), which also keeps it from 1900 to 2300.
 */
export const isoDate = z
  .string()
  .max(10)
  .refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return !!match && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  }, 'Enter a real date as YYYY-MM-DD');

/** docs/requirements.md §3 active record. Dates are YYYY-MM-DD; screens show DD-MMM-YYYY. */
export const activeRecordSchema = z.object({
  id: z.string().describe(recordText.id),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  operationType: z.string().describe(recordText.operationType),
  hospitalNumber: z.string().nullable().describe(recordText.hospitalNumber),
  dateOfBirth: z.string().nullable().describe(recordText.dateOfBirth),
  status: recordStatusSchema.describe(recordText.status),
  statusDetail: z.string().nullable().optional().describe(recordText.statusDetail),
  defaultedInputs: z.array(z.string()).optional().describe(recordText.defaultedInputs),
  prediction: predictionSchema.nullable().describe(recordText.prediction),
  probability: z.number().nullable().describe(recordText.probability),
  tciDate: z.string().nullable().describe(recordText.tciDate),
  surgeonName: z.string().nullable().describe(recordText.surgeonName),
  referralDate: z.string().nullable().describe(recordText.referralDate),
  social: z.enum(socialValues).nullable().describe(recordText.social),
  surgery: z.enum(readinessValues).nullable().describe(recordText.surgery),
  /** Decision 0039: the total table reads it, other lists and reports leave it out. */
  anomaly: z
    .object({
      reason: z
        .string()
        .nullable()
        .describe('Why it was flagged, as the clinician wrote it; null when no reason was given'),
    })
    .nullable()
    .optional()
    .describe('Present when a clinician flagged the current result as an anomaly; null or absent otherwise'),
});
export type ActiveRecord = z.infer<typeof activeRecordSchema>;
export const activeRecordsSchema = pagedSchema(activeRecordSchema);
export type ActiveRecords = z.infer<typeof activeRecordsSchema>;

/**
 * docs/requirements.md §7 active records query: the nine filters, and decision 0057's missing inputs (all optional, combined with AND) and paging.
 * nhsNumber accepts spaces and matches from the start; hospitalNumber matches from the start and
 * surgeonName any part of the name ("Okonkwo" finds "Miss L Okonkwo"), both ignoring case.
 */
export const activeRecordsFilterSchema = z.object({
  nhsNumber: z
    .string()
    .max(20)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => value === '' || /^\d{1,10}$/.test(value), 'Enter up to 10 digits')
    .optional()
    .meta({
      description: 'The start of the NHS number: up to 10 digits, spaces and hyphens ignored',
      example: '9434765919',
    }),
  hospitalNumber: z.string().max(fieldLimits.localPatientIdentifier).check(singleLine).optional().meta({
    description: 'The start of the local patient identifier (hospital number), ignoring case',
    example: 'RAN76',
  }),
  tciDate: boundedDate
    .optional()
    .meta({ description: 'The TCI date, YYYY-MM-DD, exactly', example: '2026-12-14' }),
  referralDate: boundedDate
    .optional()
    .meta({ description: 'The referral date, YYYY-MM-DD, exactly', example: '2026-03-31' }),
  surgeonName: z.string().max(fieldLimits.surgeonName).check(singleLine).optional().meta({
    description: 'Any part of the consultant surgeon’s name, ignoring case',
    example: 'Okonkwo',
  }),
  status: z.enum(storedRecordStatuses).optional().meta({
    description:
      'processed (scored), waiting (not scored yet), failed (could not be scored), incomplete (scored without a band: a required input is missing) or excluded (outside the model’s population, not scored)',
    example: 'processed',
  }),
  prediction: predictionSchema
    .optional()
    .meta({ description: 'Processed with this risk band: high, medium or low', example: 'high' }),
  social: z.enum(socialValues).optional().meta({
    description: 'Social aspects: no_social_concerns, social_review_required or social_concerns',
    example: 'social_concerns',
  }),
  surgery: z.enum(readinessValues).optional().meta({
    description: 'Readiness for surgery: not_ready, requires_review or ready',
    example: 'ready',
  }),
  /** Decision 0057. */
  missingInputs: z.enum(missingInputsValues).optional().meta({
    description:
      'yes: only the records whose model was given a default for an input they lack; no: only those it was given none',
    example: 'yes',
  }),
  tciPassed: z.enum(tciPassedValues).optional().meta({
    description:
      'yes: only the records whose TCI date is before today (London), still on the list; no: only those with none passed (no TCI date, or today or later)',
    example: 'yes',
  }),
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
  sort: activeSortKeySchema.optional().meta({
    description:
      'risk (the model’s probability), wait (days since referral), tciDate or surname; by default the longest wait first',
    example: 'risk',
  }),
  direction: sortDirectionSchema.optional().meta({
    description:
      'asc or desc; by default the highest risk, the longest wait, the earliest TCI date, surnames from A',
    example: 'desc',
  }),
  ...pageQueryFields({ maxPageNumber: 1_000_000 }),
});
export type ActiveRecordsQuery = z.infer<typeof activeRecordsQuerySchema>;

/** Integer counters, `{ <name>: integer, … }`, the names in the order given, each described. */
export const integerCounters = <const Name extends string>(descriptions: Record<Name, string>) =>
  Object.fromEntries(
    Object.entries<string>(descriptions).map(([name, description]) => [
      name,
      z.number().int().describe(description),
    ]),
  ) as Record<Name, z.ZodNumber>;

/** An answer of counters, `{ counters: { <name>: integer, … } }`. */
export const countersSchema = <const Name extends string>(descriptions: Record<Name, string>) =>
  z.object({ counters: z.object(integerCounters(descriptions)).describe('The counters, by name') });

/** GET …/procedures/{type}/manage/processed (docs/requirements.md §2 processed screen). */
export const processedCountsSchema = countersSchema({
  total: 'Processed pathways of the active list',
  high: 'Of them, those of high risk',
  medium: 'Of them, those of medium (shown as moderate) risk',
  low: 'Of them, those of low risk',
  incomplete:
    'Pathways of the active list scored without a band, a required input missing (not in the total: decision 0057)',
  excluded: 'Pathways of the active list outside the model’s population, not scored (decision 0057)',
}).extend({
  suspendedOn: z.iso
    .date()
    .nullable()
    .describe(
      'The day the clinical safety officer suspended the predictions; while they are, high, medium and low are 0 (decision 0063). Null otherwise',
    ),
});
export type ProcessedCounts = z.infer<typeof processedCountsSchema>;

/** docs/requirements.md §3 failed record; the error history names the person foreName / surName. */
export const failedRecordSchema = z.object({
  id: z.string().describe(recordText.id),
  waitingListId: z.string().describe('The upload (batch id) that last listed the pathway'),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  foreName: z.string().nullable().describe('The first name again, as the error history names it'),
  surName: z.string().nullable().describe('The last name again, as the error history names it'),
  operationType: z.string().describe(recordText.operationType),
  procedureCode: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
  hospitalNumber: z.string().nullable().describe(recordText.hospitalNumber),
  status: z.literal('failed').describe('Always failed: the model could not score it'),
  dateProcessed: z.string().nullable().describe('When scoring was tried: ISO 8601, UTC'),
  failedFields: z
    .array(z.string())
    .describe('The keys of the record’s fields the model could not use, e.g. height'),
  failureReason: z.string().nullable().describe('Why it could not be scored, in words'),
});
export type FailedRecord = z.infer<typeof failedRecordSchema>;
export const failedRecordsSchema = pagedSchema(failedRecordSchema);

/** docs/requirements.md §3 archived record. */
export const archivedRecordSchema = z.object({
  id: z.string().describe(recordText.id),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  operationType: z.string().describe(recordText.operationType),
  procedureCode: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
  hospitalNumber: z.string().nullable().describe(recordText.hospitalNumber),
  dateOfBirth: z.string().nullable().describe(recordText.dateOfBirth),
  dateOfOperation: z
    .string()
    .nullable()
    .describe('The TCI date the pathway had when it left the list, YYYY-MM-DD; null when it had none'),
  surgeonName: z.string().nullable().describe(recordText.surgeonName),
  referralDate: z.string().nullable().describe(recordText.referralDate),
  dateRemoved: z.string().describe('When the pathway left the active list: ISO 8601, UTC'),
  lastWaitingListId: z.string().nullable().describe('The last upload (batch id) that listed the pathway'),
  /** Decision 0038. */
  prediction: predictionSchema
    .nullable()
    .describe('The risk band it had when it left the list, if it had been processed; null otherwise'),
  probability: z.number().nullable().describe('The probability behind that band, 0 to 1; null otherwise'),
});
export type ArchivedRecord = z.infer<typeof archivedRecordSchema>;
export const archivedRecordsSchema = pagedSchema(archivedRecordSchema);

export const pageOnlyQuerySchema = z.object({
  ...pageQueryFields({ maxPageNumber: 1_000_000 }),
});

/** docs/requirements.md §9 report file types. */
export const reportFileTypes = ['csv', 'pdf', 'xlsx'] as const;
export const reportFileTypeSchema = z.enum(reportFileTypes);
export type ReportFileType = z.infer<typeof reportFileTypeSchema>;

/** GET /api/waiting-list/procedures/{type}/manage/records/active/fields */
export const reportFieldSchema = z.object({
  key: z.string().describe('The key the export’s fields parameter takes, e.g. nhsNumber'),
  label: z.string().describe('The column’s heading in the report, e.g. NHS number'),
});
export const reportFieldsSchema = z.object({
  fields: z
    .array(reportFieldSchema)
    .describe('Every field a report can hold, in the order the form offers them'),
});
export type ReportField = z.infer<typeof reportFieldSchema>;

/** docs/requirements.md §5 report: name (max 30), file type and at least one field, all required. */
export const reportNameMaxLength = fieldLimits.reportName;
export const activeExportQuerySchema = activeRecordsFilterSchema.extend({
  fileName: z
    .string()
    .trim()
    .min(1, 'Enter a report name')
    .max(reportNameMaxLength, 'Report name must be 30 characters or fewer')
    .check(singleLine)
    .meta({
      description:
        'The report’s name, 1 to 30 characters: the file is named after it, with a timestamp (letters, digits, spaces, hyphens and underscores kept)',
      example: 'Theatre list',
    }),
  fileType: reportFileTypeSchema.meta({ description: 'csv, xlsx or pdf', example: 'csv' }),
  fields: queryList(z.string().max(100), {
    maxItems: 100,
    minItems: { count: 1, message: 'Select at least one field' },
  }).meta({
    description: `The report's columns: keys of GET …/records/active/fields, in the order the report shows them (a key given twice is shown once). ${queryListWording}`,
    example: ['nhsNumber', 'lastName', 'tciDate'],
  }),
});
export const processedExportQuerySchema = z.object({
  fileType: z.literal('csv').meta({ description: 'Always csv', example: 'csv' }),
  prediction: predictionSchema.optional().meta({
    description: 'Only the processed pathways of this risk band: high, medium or low; absent: all of them',
    example: 'high',
  }),
});
export const archivedExportQuerySchema = z.object({
  fileType: z.literal('csv').meta({ description: 'Always csv', example: 'csv' }),
});
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
  incomplete: 'Incomplete',
  excluded: 'Not scored',
  suspended: 'Predictions suspended',
};

/** Why the records of a status have no band (decision 0057), as the screens' counters explain it. */
export const withoutBandText = {
  incomplete: 'Scored, but an input the model needs is not recorded, so they have no risk band.',
  excluded: 'Not scored: the patients are not ones the model was made for, such as revisions.',
} as const satisfies Partial<Record<RecordStatus, string>>;

/** Where a band would show, for a record without one (decision 0057): 'Incomplete: haemoglobin not recorded'. */
export function recordStatusText(record: { status: RecordStatus; statusDetail?: string | null }): string {
  const label = recordStatusLabels[record.status];
  if (record.status === 'suspended' && record.statusDetail) return suspendedText(record.statusDetail);
  if (!record.statusDetail) return label;
  return record.status === 'excluded'
    ? `${label}: outside the model’s population (${record.statusDetail})`
    : `${label}: ${record.statusDetail}`;
}

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
  'defaultedInputs',
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
  // Decision 0057: the inputs the model was given a default for, by name.
  defaultedInputs: 'Defaulted inputs',
  // Decision 0046: the trust's version of the model that made the prediction.
  modelVersion: 'Model version',
  // Decision 0044: the clinician's view, beside the model's prediction and never in its place.
  adjustedPrediction: 'Clinician’s view of the risk',
};
/** The fields of a report that names none (the processed list's downloads). */
export const defaultReportFields: readonly ReportFieldKey[] = reportFieldKeys.filter(
  (key) => key !== 'priority' && key !== 'probability' && key !== 'adjustedPrediction',
);
