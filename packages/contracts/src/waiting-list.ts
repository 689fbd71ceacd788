import { z } from 'zod';
import { countersSchema } from './open-pathways.js';
import { pagedSchema } from './paging.js';
import { procedureCodeSchema, type ProcedureCode } from './procedures.js';
import { comorbidityLabels, labFields, labRules } from './remodel.js';

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
  procedureCode: procedureCodeSchema,
  highRiskRecords: z.number().int(),
  mediumRiskRecords: z.number().int(),
  lowRiskRecords: z.number().int(),
});
export type ProcedureRiskCounts = z.infer<typeof procedureRiskCountsSchema>;

/**
 * GET /api/trusts/{trust}/waiting-list/dashboard (docs/requirements.md §3 dashboard counters, all procedures),
 * and the risk counters of each procedure with an active list, in the procedures' order.
 */
export const waitingListDashboardSchema = countersSchema([
  'activeRecords',
  'archivedRecords',
  'processedRecords',
  'failedRecords',
  'highRiskRecords',
  'mediumRiskRecords',
  'lowRiskRecords',
]).extend({ riskByProcedure: z.array(procedureRiskCountsSchema) });
export type WaitingListDashboard = z.infer<typeof waitingListDashboardSchema>;

/** GET …/procedures/{type}/manage/ : counters of one procedure's active list. */
export const procedureCountersSchema = countersSchema(['activeRecords', 'processedRecords', 'failedRecords']);
export type ProcedureCounters = z.infer<typeof procedureCountersSchema>;

/** GET …/procedures/{type}/batch-inferencing/status (docs/requirements.md §3 service status). */
export const serviceStatusSchema = z.object({
  status: z.enum(['busy', 'idle']),
  /** ISO time the last scoring run finished, or null before the first. */
  lastRun: z.string().nullable(),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** One row of the upload history: one per file of an import (docs/requirements.md §3 upload history item). */
export const uploadHistoryItemSchema = z.object({
  batchId: z.string(),
  fileName: z.string(),
  fileType: z.enum(['waitingList', 'bloodTest']),
  procedureCode: procedureCodeSchema,
  /** ISO time of the upload; screens show DD-MMM-YYYY HH:mm:ss. */
  uploadDate: z.string(),
  /** The file's validation status, or what became of the import once it was decided. */
  status: z.enum([...fileStatuses, 'IMPORTED', 'CANCELLED', 'EXPIRED']),
  user: z.string(),
});
export type UploadHistoryItem = z.infer<typeof uploadHistoryItemSchema>;
export const uploadHistorySchema = pagedSchema(uploadHistoryItemSchema);
export type UploadHistory = z.infer<typeof uploadHistorySchema>;
export const uploadHistoryQuerySchema = z.object({
  procedureCode: procedureCodeSchema.optional(),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
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

/** POST …/files/upload/ answers 202 with the batch to poll. */
export const uploadAcceptedSchema = z.object({ batchId: z.string() });
export const batchIdQuerySchema = z.object({ batchId: z.uuid() });
export const batchIdBodySchema = z.object({ batchId: z.uuid() });

const fileTotalsSchema = z.object({
  /** Data rows read (valid + invalid). */
  rows: z.number().int(),
  valid: z.number().int(),
  /** Rows refused by validation (invalid_rows). */
  invalid: z.number().int(),
  /** Rows that could not be read at all (error_rows). */
  error: z.number().int(),
  warnings: z.number().int(),
});

const fileStatusEntrySchema = z.object({
  fileName: z.string(),
  status: fileStatusSchema,
  totals: fileTotalsSchema,
});

/** GET …/files/upload-status/?batchId= (docs/requirements.md §3 batch status; snake_case as the spec's import shapes). */
export const uploadStatusSchema = z.object({
  batchId: z.string(),
  batchStatus: batchStatusSchema,
  waiting_list: fileStatusEntrySchema,
  blood_test: fileStatusEntrySchema,
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

export const invalidRowSchema = z.object({
  /** The row number the user sees in their spreadsheet program. */
  row_number: z.number().int(),
  error_count: z.number().int(),
  /** Messages per field key (labels in importFieldLabels). */
  field_specific_errors: z.record(z.string(), z.array(z.string())),
  /** The first message, for a one-line view. */
  validation_error: z.string().nullable(),
  non_field_specific_errors: z.array(z.string()),
  /** The row's cells by field key, as the file had them (cut to 100 characters). */
  values: z.record(z.string(), z.string()),
});
export type InvalidRow = z.infer<typeof invalidRowSchema>;

export const errorRowSchema = z.object({ row_number: z.number().int(), errors: z.array(z.string()) });

export const rowWarningSchema = z.object({
  row_number: z.number().int().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});
export type RowWarning = z.infer<typeof rowWarningSchema>;

/**
 * The warnings of one kind (decision 0037), counted in full: the summary shows these, and every
 * warning is in the file's warnings download.
 */
export const warningGroupSchema = z.object({
  /** The kind of warning, stable across uploads (for example `dobMissing`, `range:crp`). */
  kind: z.string(),
  /** The field the warnings are about, if one (labels in importFieldLabels). */
  field: z.string().nullable(),
  count: z.number().int(),
  /** The group in words, with its count (for example '312 rows have no CRP result'). */
  message: z.string(),
});
export type WarningGroup = z.infer<typeof warningGroupSchema>;

export const fileResultSchema = z.object({
  file_name: z.string(),
  status: fileStatusSchema,
  /** One page of the invalid rows (pageNumber and pageSize of the query); totals.invalid counts all. */
  invalid_rows: z.array(invalidRowSchema),
  error_rows: z.array(errorRowSchema),
  /** The first warnings (up to 200); totals.warnings counts all. */
  warnings: z.array(rowWarningSchema),
  /** Every warning, counted by kind, most frequent first. */
  warning_groups: z.array(warningGroupSchema),
  base_errors: z.array(z.string()),
  totals: fileTotalsSchema,
  has_errors: z.boolean(),
  has_validation_errors: z.boolean(),
  error: z.string().nullable(),
  diff_headers: z.object({ missing: z.array(z.string()), unexpected: z.array(z.string()) }),
  /** csv, xlsx or xls as read from the content, and for blood tests long or wide. */
  format: z.string().nullable(),
});
export type FileResult = z.infer<typeof fileResultSchema>;

/**
 * What the confirm does to the active list of the trust and procedure (decision 0037): pathways
 * added, updated (their data changes), unchanged, and archived (active pathways the new list no
 * longer holds). Before the confirm, what it will do; once imported, what it did.
 */
export const importChangesSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  archived: z.number().int(),
});
export type ImportChanges = z.infer<typeof importChangesSchema>;

/** GET …/files/validation-summary/?batchId=&pageNumber=&pageSize= (docs/requirements.md §3 validation summary). */
export const validationSummarySchema = z.object({
  batchId: z.string(),
  batchStatus: batchStatusSchema,
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  waiting_list_result: fileResultSchema,
  blood_test_result: fileResultSchema,
  /** Patients of the list with no blood results: the model's defaults will be used for them. */
  pathways_without_bloods: z.number().int(),
  /** Blood results for no patient of the list (ignored). */
  bloods_without_pathway: z.number().int(),
  /**
   * What the confirm will do, while the upload can be confirmed; what it did, once imported; null
   * otherwise (still validating, a file with errors, cancelled or expired).
   */
  changes: importChangesSchema.nullable(),
});
export type ValidationSummary = z.infer<typeof validationSummarySchema>;
export const validationSummaryQuerySchema = batchIdQuerySchema.extend({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
});

/**
 * GET …/files/to-be-archived/?batchId= : the active pathways the upload's list no longer holds,
 * which its confirm will archive (decision 0037). Reading it is recorded in the patient access log.
 */
export const toBeArchivedQuerySchema = batchIdQuerySchema.extend({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
});
export const toBeArchivedRecordSchema = z.object({
  id: z.string(),
  nhsNumber: z.string().nullable(),
  hospitalNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** YYYY-MM-DD. */
  dateOfBirth: z.string().nullable(),
  referralDate: z.string().nullable(),
  tciDate: z.string().nullable(),
  surgeonName: z.string().nullable(),
});
export type ToBeArchivedRecord = z.infer<typeof toBeArchivedRecordSchema>;
export const toBeArchivedSchema = pagedSchema(toBeArchivedRecordSchema);
export type ToBeArchived = z.infer<typeof toBeArchivedSchema>;

/** Which file of an upload a download is about. */
export const importFileKinds = ['waitingList', 'bloodTest'] as const;
export type ImportFileKind = (typeof importFileKinds)[number];

/** GET …/files/rows-with-errors/ and …/files/warnings/ : CSV files of one file of an upload. */
export const importFileDownloadQuerySchema = batchIdQuerySchema.extend({
  file: z.enum(importFileKinds),
});

/** POST …/cancel_import/ and …/confirm_import/ answers. */
export const importDecisionSchema = z.object({
  batchId: z.string(),
  batchStatus: batchStatusSchema,
  /** Once imported: pathways created, updated and archived. */
  created: z.number().int().nullable(),
  updated: z.number().int().nullable(),
  archived: z.number().int().nullable(),
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
