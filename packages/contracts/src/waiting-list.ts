import { z } from 'zod';
import { countersSchema, integerCounters, recordText } from './open-pathways.js';
import { pagedSchema, pageQueryFields } from './paging.js';
import { procedureCodeSchema, type ProcedureCode } from './procedures.js';
import { comorbidityLabels, labFields, labRules } from './remodel.js';
import { archiveCountSchema, archiveWarningSchema } from './archive-warning.js';

/** docs/requirements.md §4: validation status of each file of an import. */
export const fileStatuses = ['VALIDATING', 'VALIDATED', 'VALIDATED_WITH_ERRORS', 'FAILED'] as const;
export const fileStatusSchema = z.enum(fileStatuses);
export type FileStatus = z.infer<typeof fileStatusSchema>;

/** What became of a whole import (both files) after validation. */
export const batchStatuses = [
  'VALIDATING',
  'VALIDATED',
  'CONFIRMING',
  'IMPORTED',
  'CANCELLED',
  'EXPIRED',
] as const;
export const batchStatusSchema = z.enum(batchStatuses);
export type BatchStatus = z.infer<typeof batchStatusSchema>;

const batchIdText = 'The upload’s batch id, as the upload answered it';

/** Upload form fields (docs/requirements.md §7) and the size accepted for each file (configurable on the server). */
export const importUploadFields = ['waitingListDataFile', 'bloodTestDataFile'] as const;
export type ImportUploadField = (typeof importUploadFields)[number];
export const importFileMaxBytes = 50 * 1024 * 1024;
export const importFileExtensions = ['.csv', '.xlsx', '.xls'] as const;

/** docs/requirements.md §9: the upload page polls the status every 2 seconds. */
export const uploadStatusPollMs = 2000;

/**
 * Where one procedure's sample files are served (docs/requirements.md §2: static files). Each procedure has
 * its own, holding only its rows, so the samples a page offers validate and confirm on that page.
 */
export const sampleFiles = (procedure: ProcedureCode) =>
  ({
    waitingListCsv: `/samples/${procedure}-waiting-list-template.csv`,
    waitingListXlsx: `/samples/${procedure}-waiting-list-template.xlsx`,
    bloodTestCsv: `/samples/${procedure}-blood-tests-template.csv`,
    bloodTestXlsx: `/samples/${procedure}-blood-tests-template.xlsx`,
  }) as const;

/**
 * One procedure's processed records by risk: the dashboard's risk counters link to that
 * procedure's list filtered by the risk (decision 0038).
 */
export const procedureRiskCountsSchema = z.object({
  procedureCode: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
  ...integerCounters({
    highRiskRecords: 'Its scored active pathways of high risk',
    mediumRiskRecords: 'Its scored active pathways of medium (shown as moderate) risk',
    lowRiskRecords: 'Its scored active pathways of low risk',
    incompleteRecords: 'Its active pathways scored without a band, a required input missing (decision 0057)',
    excludedRecords: 'Its active pathways outside the model’s population, not scored (decision 0057)',
  }),
  suspendedOn: z.iso
    .date()
    .nullable()
    .describe(
      'The day the clinical safety officer suspended its predictions; while they are, its band counters are 0 (decision 0063). Null otherwise',
    ),
});
export type ProcedureRiskCounts = z.infer<typeof procedureRiskCountsSchema>;

/**
 * GET /api/trusts/{trust}/waiting-list/dashboard (docs/requirements.md §3 dashboard counters, all procedures),
 * and the risk counters of each procedure with an active list, in the procedures' order.
 */
export const waitingListDashboardSchema = countersSchema({
  activeRecords: 'Pathways on the trust’s active lists',
  archivedRecords: 'Pathways that have left the active lists',
  processedRecords: 'Active pathways the model has scored',
  failedRecords: 'Active pathways the model could not score',
  highRiskRecords: 'Scored active pathways of high risk',
  mediumRiskRecords: 'Scored active pathways of medium (shown as moderate) risk',
  lowRiskRecords: 'Scored active pathways of low risk',
  incompleteRecords:
    'Active pathways scored without a band, a required input missing (decision 0057; not in processedRecords)',
  excludedRecords: 'Active pathways outside the model’s population, not scored (decision 0057)',
}).extend({
  riskByProcedure: z
    .array(procedureRiskCountsSchema)
    .describe('The risk counters of each procedure with an active list, in the procedures’ order'),
});
export type WaitingListDashboard = z.infer<typeof waitingListDashboardSchema>;

/** GET …/procedures/{type}/manage/ : counters of one procedure's active list. */
export const procedureCountersSchema = countersSchema({
  activeRecords: 'Pathways on the procedure’s active list',
  processedRecords: 'Of them, those the model has scored',
  failedRecords: 'Of them, those the model could not score',
  incompleteRecords: 'Of them, those scored without a band, a required input missing (decision 0057)',
  excludedRecords: 'Of them, those outside the model’s population, not scored (decision 0057)',
});
export type ProcedureCounters = z.infer<typeof procedureCountersSchema>;

/** GET …/procedures/{type}/batch-inferencing/status (docs/requirements.md §3 service status). */
export const serviceStatusSchema = z.object({
  status: z
    .enum(['busy', 'idle'])
    .describe('busy while an upload is validated or confirmed or the list is scored; idle otherwise'),
  lastRun: z
    .string()
    .nullable()
    .describe('When the last scoring run finished: ISO 8601, UTC; null before the first'),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** One row of the upload history: one per file of an import (docs/requirements.md §3 upload history item). */
export const uploadHistoryItemSchema = z.object({
  batchId: z.string().describe(batchIdText),
  fileName: z.string().describe('The file’s name as it was uploaded'),
  fileType: z
    .enum(['waitingList', 'bloodTest'])
    .describe('Which file of the upload: waitingList or bloodTest'),
  procedureCode: procedureCodeSchema.describe('The procedure: knee, hip or knee-hip'),
  /** Screens show DD-MMM-YYYY HH:mm:ss. */
  uploadDate: z.string().describe('When it was uploaded: ISO 8601, UTC'),
  status: z
    .enum([...fileStatuses, 'IMPORTED', 'CANCELLED', 'EXPIRED'])
    .describe('The file’s validation status, or what became of the upload once it was decided'),
  user: z.string().describe('The name of the user who uploaded it'),
});
export type UploadHistoryItem = z.infer<typeof uploadHistoryItemSchema>;
export const uploadHistorySchema = pagedSchema(uploadHistoryItemSchema);
export type UploadHistory = z.infer<typeof uploadHistorySchema>;
export const uploadHistoryQuerySchema = z.object({
  procedureCode: procedureCodeSchema.optional().meta({
    description: 'Only this procedure’s uploads: knee, hip or knee-hip; absent: all',
    example: 'knee',
  }),
  ...pageQueryFields({ maxPageNumber: 100_000 }),
});

/** Words for the statuses, as the NHS.UK tags show them. */
export const uploadStatusLabels: Record<UploadHistoryItem['status'], string> = {
  VALIDATING: 'Validating',
  VALIDATED: 'Validated',
  VALIDATED_WITH_ERRORS: 'Validated with errors',
  FAILED: 'Failed',
  IMPORTED: 'Imported',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};

const batchIdParam = z
  .uuid()
  .meta({ description: batchIdText, example: '5f0c6d0e-8c1a-4d6b-9a43-2f7e1c9b8a10' });

/** POST …/files/upload/ answers 202 with the batch to poll. */
export const uploadAcceptedSchema = z.object({
  batchId: z.string().describe('The upload’s batch id: poll its status with it, then confirm or cancel it'),
});
export const batchIdQuerySchema = z.object({ batchId: batchIdParam });
export const batchIdBodySchema = z.object({ batchId: batchIdParam });
/** POST …/files/confirm_import/: the batch, and the number archived when the summary warns of it (decision 0053). */
export const confirmImportBodySchema = batchIdBodySchema.extend({
  archiveCount: archiveCountSchema.optional(),
});
export type ConfirmImportBody = z.input<typeof confirmImportBodySchema>;

const fileTotalsSchema = z
  .object({
    rows: z.number().int().describe('Data rows read (valid and invalid)'),
    valid: z.number().int().describe('Rows that passed validation'),
    invalid: z.number().int().describe('Rows refused by validation (invalid_rows)'),
    error: z.number().int().describe('Rows that could not be read at all (error_rows)'),
    warnings: z.number().int().describe('Warnings, every one counted'),
  })
  .describe('The file’s counts');

const fileStatusText =
  'VALIDATING, VALIDATED, VALIDATED_WITH_ERRORS (some rows refused) or FAILED (the file itself)';
const batchStatusText =
  'What became of the upload: VALIDATING, VALIDATED, CONFIRMING, IMPORTED, CANCELLED or EXPIRED';

const fileStatusEntrySchema = z.object({
  fileName: z.string().describe('The file’s name as it was uploaded'),
  status: fileStatusSchema.describe(fileStatusText),
  totals: fileTotalsSchema,
});

/** GET …/files/upload-status/?batchId= (docs/requirements.md §3 batch status; snake_case as the spec's import shapes). */
export const uploadStatusSchema = z.object({
  batchId: z.string().describe(batchIdText),
  batchStatus: batchStatusSchema.describe(batchStatusText),
  waiting_list: fileStatusEntrySchema.describe('The waiting-list file'),
  blood_test: fileStatusEntrySchema.describe('The blood-test file'),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

export const invalidRowSchema = z.object({
  row_number: z.number().int().describe('The row number the user sees in their spreadsheet program'),
  error_count: z.number().int().describe('How many errors the row has'),
  field_specific_errors: z
    .record(z.string(), z.array(z.string()))
    .describe('The messages of each field, by field key (e.g. nhsNumber)'),
  validation_error: z.string().nullable().describe('The first message, for a one-line view'),
  non_field_specific_errors: z.array(z.string()).describe('Messages about the row as a whole'),
  values: z
    .record(z.string(), z.string())
    .describe('The row’s cells by field key, as the file had them (cut to 100 characters)'),
  conflicting_pathway_id: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Decision 0055: for a row refused because its NHS number (or local identifier) is on the list for a patient born on another day, the id of that pathway, whose risk summary a clinician confirms a corrected date of birth from; absent otherwise',
    ),
});
export type InvalidRow = z.infer<typeof invalidRowSchema>;

export const errorRowSchema = z.object({
  row_number: z.number().int().describe('The row number the user sees in their spreadsheet program'),
  errors: z.array(z.string()).describe('Why the row could not be read'),
});

export const rowWarningSchema = z.object({
  row_number: z.number().int().nullable().describe('The row it is about; null for the file as a whole'),
  field: z.string().nullable().describe('The field key it is about, if one'),
  message: z.string().describe('The warning, in words'),
});
export type RowWarning = z.infer<typeof rowWarningSchema>;

/**
 * The warnings of one kind (decision 0037), counted in full: the summary shows these, and every
 * warning is in the file's warnings download.
 */
export const warningGroupSchema = z.object({
  kind: z.string().describe('The kind of warning, stable across uploads (for example dobMissing, range:crp)'),
  field: z.string().nullable().describe('The field key the warnings are about, if one'),
  count: z.number().int().describe('How many warnings of this kind the file has'),
  message: z
    .string()
    .describe('The group in words, with its count (for example "312 rows have no CRP result")'),
});
export type WarningGroup = z.infer<typeof warningGroupSchema>;

export const fileResultSchema = z.object({
  file_name: z.string().describe('The file’s name as it was uploaded'),
  status: fileStatusSchema.describe(fileStatusText),
  invalid_rows: z
    .array(invalidRowSchema)
    .describe(
      'One page of the invalid rows (pageNumber and pageSize of the query); totals.invalid counts all',
    ),
  error_rows: z.array(errorRowSchema).describe('Rows that could not be read at all'),
  warnings: z.array(rowWarningSchema).describe('The first warnings (up to 200); totals.warnings counts all'),
  warning_groups: z.array(warningGroupSchema).describe('Every warning, counted by kind, most frequent first'),
  base_errors: z.array(z.string()).describe('Errors of the file as a whole, which make it FAILED'),
  totals: fileTotalsSchema,
  has_errors: z.boolean().describe('True when the file failed as a whole'),
  has_validation_errors: z.boolean().describe('True when some rows were refused'),
  error: z.string().nullable().describe('The first error of the file as a whole, in words; null when none'),
  diff_headers: z
    .object({
      missing: z
        .array(z.string())
        .describe('Required columns the file lacks, by the template’s header names'),
      unexpected: z
        .array(z.string())
        .describe('Columns the file has that are not read, as the file wrote them'),
    })
    .describe('How the file’s columns differ from the template'),
  format: z
    .string()
    .nullable()
    .describe('csv, xlsx or xls as read from the content, and for blood tests long or wide'),
});
export type FileResult = z.infer<typeof fileResultSchema>;

/**
 * What the confirm does to the active list of the trust and procedure (decision 0037): pathways
 * added, updated (their data changes), unchanged, and archived (active pathways the new list no
 * longer holds). Before the confirm, what it will do; once imported, what it did.
 */
export const importChangesSchema = z.object({
  added: z.number().int().describe('Pathways new to the active list'),
  updated: z.number().int().describe('Active pathways whose data changes'),
  unchanged: z.number().int().describe('Active pathways the list holds as they are'),
  archived: z.number().int().describe('Active pathways the new list no longer holds: they leave the list'),
});
export type ImportChanges = z.infer<typeof importChangesSchema>;

/** GET …/files/validation-summary/?batchId=&pageNumber=&pageSize= (docs/requirements.md §3 validation summary). */
export const validationSummarySchema = z.object({
  batchId: z.string().describe(batchIdText),
  batchStatus: batchStatusSchema.describe(batchStatusText),
  pageNumber: z.number().int().describe('The page of invalid rows answered, from 1'),
  pageSize: z.number().int().describe('How many invalid rows of each file a page holds'),
  waiting_list_result: fileResultSchema.describe('What validation found in the waiting-list file'),
  blood_test_result: fileResultSchema.describe('What validation found in the blood-test file'),
  pathways_without_bloods: z
    .number()
    .int()
    .describe('Patients of the list with no blood results: the model’s defaults will be used for them'),
  bloods_without_pathway: z.number().int().describe('Blood results for no patient of the list (ignored)'),
  changes: importChangesSchema
    .nullable()
    .describe(
      'What the confirm will do, while the upload can be confirmed; what it did, once imported; null otherwise (still validating, a file with errors, cancelled or expired)',
    ),
  archiveWarning: archiveWarningSchema
    .nullable()
    .describe(
      'While the upload can be confirmed: the warning that confirming would take a large share of the list off it, whose number the confirm needs (decision 0053); null otherwise',
    ),
});
export type ValidationSummary = z.infer<typeof validationSummarySchema>;
export const validationSummaryQuerySchema = batchIdQuerySchema.extend({
  ...pageQueryFields({ maxPageNumber: 100_000 }),
});

/**
 * GET …/files/to-be-archived/?batchId= : the active pathways the upload's list no longer holds,
 * which its confirm will archive (decision 0037). Reading it is recorded in the patient access log.
 */
export const toBeArchivedQuerySchema = batchIdQuerySchema.extend({
  ...pageQueryFields({ maxPageNumber: 100_000 }),
});
export const toBeArchivedRecordSchema = z.object({
  id: z.string().describe(recordText.id),
  nhsNumber: z.string().nullable().describe(recordText.nhsNumber),
  hospitalNumber: z.string().nullable().describe(recordText.hospitalNumber),
  firstName: z.string().nullable().describe(recordText.firstName),
  lastName: z.string().nullable().describe(recordText.lastName),
  dateOfBirth: z.string().nullable().describe(recordText.dateOfBirth),
  referralDate: z.string().nullable().describe(recordText.referralDate),
  tciDate: z.string().nullable().describe(recordText.tciDate),
  surgeonName: z.string().nullable().describe(recordText.surgeonName),
});
export type ToBeArchivedRecord = z.infer<typeof toBeArchivedRecordSchema>;
export const toBeArchivedSchema = pagedSchema(toBeArchivedRecordSchema);
export type ToBeArchived = z.infer<typeof toBeArchivedSchema>;

/** Which file of an upload a download is about. */
export const importFileKinds = ['waitingList', 'bloodTest'] as const;
export type ImportFileKind = (typeof importFileKinds)[number];

/** GET …/files/rows-with-errors/ and …/files/warnings/ : CSV files of one file of an upload. */
export const importFileDownloadQuerySchema = batchIdQuerySchema.extend({
  file: z
    .enum(importFileKinds)
    .meta({ description: 'Which file of the upload: waitingList or bloodTest', example: 'waitingList' }),
});

/** POST …/cancel_import/ and …/confirm_import/ answers. */
export const importDecisionSchema = z.object({
  batchId: z.string().describe(batchIdText),
  batchStatus: batchStatusSchema.describe(batchStatusText),
  created: z.number().int().nullable().describe('Once imported: pathways added to the list; null before'),
  updated: z.number().int().nullable().describe('Once imported: pathways whose data changed; null before'),
  archived: z.number().int().nullable().describe('Once imported: pathways that left the list; null before'),
});
export type ImportDecision = z.infer<typeof importDecisionSchema>;

/** Plain-English names of the import fields, for summaries and reports. */
export const importFieldLabels: Record<string, string> = {
  nhsNumber: 'NHS number',
  localPatientIdentifier: 'Local patient identifier',
  firstName: 'Forename',
  lastName: 'Surname',
  dateOfBirth: 'Date of birth',
  sex: 'Sex',
  ethnicGroup: 'Ethnic category',
  height: 'Height (cm)',
  weight: 'Weight (kg)',
  smoking: 'Smoking status',
  operationType: 'Operation type',
  referralDate: 'Referral date',
  tciDate: 'TCI date',
  surgeonName: 'Consultant surgeon',
  priority: 'Priority',
  clockStart: 'RTT clock start',
  priorityDate: 'Priority date',
  lastValidatedOn: 'Last validated date',
  surgery: 'Readiness for surgery',
  social: 'Social aspects',
  // The comorbidities and blood results by the remodel form's names (remodel.ts), but for the
  // few the import summaries have always worded otherwise.
  ...comorbidityLabels,
  valv: 'Valvular heart disease',
  copd: 'COPD',
  testName: 'Test name',
  result: 'Result',
  unit: 'Unit',
  sampleDate: 'Sample date',
  ...Object.fromEntries(labFields.map((field) => [field, labRules[field].label])),
  whiteBloodCount: 'White cell count',
};

/** Our wording where the specification names a rule but not its message. */
export const importMessages = {
  batchNotFound: 'No upload was found with this batch id',
  notReadyToConfirm: 'The upload cannot be confirmed until both files are validated without errors',
  alreadyDecided: 'This upload has already been confirmed, cancelled or has expired',
  stillValidating: 'The files are still being validated',
  selectBothFiles: 'Select a waiting list file and a blood test file',
  selectWaitingListFile: 'Select a waiting list file',
  selectBloodTestFile: 'Select a blood test file',
  fileTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB`,
  wrongExtension: 'The file must be a CSV, XLSX or XLS file',
  emptyFile: 'The file is empty',
  /** docs/requirements.md §4: the upload is all or nothing, so rows with errors stop the whole of it. */
  rowsWithErrors:
    'The upload cannot be confirmed until these rows are corrected. Download the rows with errors, correct them in the system the list came from, then export the files again and upload them.',
  downloadFailed: 'The file could not be downloaded. Try again.',
} as const;
