import { pgTable, text, integer, uuid, jsonb, index, primaryKey, boolean, date } from 'drizzle-orm/pg-core';
import { batchDecisionColumns, bytea, uploadBatchColumns, waitingListColumns } from './column-types.js';

/**
 * One upload of a waiting list and its blood tests for a trust and procedure (decision 0023). Its files
 * and staged rows live beside it until it is confirmed, cancelled or expires; nothing reaches the
 * active list before confirm.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    ...uploadBatchColumns(),
    waitingListFileName: text('waiting_list_file_name').notNull(),
    waitingListSha256: text('waiting_list_sha256').notNull(),
    waitingListBytes: integer('waiting_list_bytes').notNull(),
    waitingListStatus: text('waiting_list_status').notNull().default('VALIDATING'),
    /** The file's outcome: totals, diff headers, file errors, first warnings, format. */
    waitingListResult: jsonb('waiting_list_result'),
    bloodTestFileName: text('blood_test_file_name').notNull(),
    bloodTestSha256: text('blood_test_sha256').notNull(),
    bloodTestBytes: integer('blood_test_bytes').notNull(),
    bloodTestStatus: text('blood_test_status').notNull().default('VALIDATING'),
    bloodTestResult: jsonb('blood_test_result'),
    pathwaysWithoutBloods: integer('pathways_without_bloods'),
    bloodsWithoutPathway: integer('bloods_without_pathway'),
    ...batchDecisionColumns(),
    createdCount: integer('created_count'),
    updatedCount: integer('updated_count'),
    archivedCount: integer('archived_count'),
    /**
     * The number of pathways to be archived that the clerk typed to confirm, when the summary
     * warned of it (decision 0053); null when the confirm did not ask for it. The change log names it.
     */
    archiveAcknowledged: integer('archive_acknowledged'),
    /** Confirm as soon as both files validate (the demonstration lists loaded at first start). */
    autoConfirm: boolean('auto_confirm').notNull().default(false),
  },
  (t) => [
    index('import_batches_history_idx').on(t.trustCode, t.createdAt.desc(), t.id),
    index('import_batches_procedure_idx').on(t.trustCode, t.procedureCode, t.createdAt.desc()),
  ],
);

/**
 * The bytes of each uploaded file, committed before the upload is acknowledged (security baseline),
 * in parts of a few megabytes: the embedded database keeps for good the memory its largest value
 * needed, and a 40 MB file in one value grew it by 240 MB.
 */
export const importFiles = pgTable(
  'import_files',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    /** waitingList or bloodTest */
    kind: text('kind').notNull(),
    /** 0, 1, 2 … in file order. */
    part: integer('part').notNull().default(0),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.kind, t.part] })],
);

/** Every refused source row with its row number and reasons (source rows = accepted + refused). */
export const importRowIssues = pgTable(
  'import_row_issues',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    rowNumber: integer('row_number').notNull(),
    errors: jsonb('errors').notNull(),
    cells: jsonb('cells').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.kind, t.rowNumber] })],
);

/**
 * Valid waiting-list rows of a batch, normalised, waiting for confirm. No foreign key to the batch:
 * checking it cost the staging COPY a lookup per row, a third of its time, and only the validation
 * of a batch it has just read writes these rows; batches are never deleted, and the staged rows of
 * a confirmed, cancelled, expired or replaced batch are deleted with it (decision 0030).
 */
export const stagedPathways = pgTable(
  'staged_pathways',
  {
    batchId: uuid('batch_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    nhsNumber: text('nhs_number'),
    localPatientIdentifier: text('local_patient_identifier'),
    ...waitingListColumns(),
    /**
     * What the model reads (the remodel record of docs/requirements.md §3), with the patient's latest blood results:
     * JSON text as the reading thread wrote it, checked as JSON when the confirm stores it.
     */
    clinical: text('clinical').notNull(),
    /** The sample date of each blood result in `clinical`, as JSON text. */
    labDates: text('lab_dates').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowNumber] })],
);

/**
 * Decision 0055: each row of a batch refused because its NHS number (or, without one, its local
 * identifier) is on the active list for a patient born on another day, with that pathway and what
 * the row says. The patient's risk summary shows a clinician the conflicts of the trust's undecided
 * uploads, so that a corrected date of birth can be confirmed.
 */
export const importIdentityConflicts = pgTable(
  'import_identity_conflicts',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    pathwayId: uuid('pathway_id').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    localPatientIdentifier: text('local_patient_identifier'),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.rowNumber] }),
    index('import_identity_conflicts_pathway_idx').on(t.pathwayId),
  ],
);
