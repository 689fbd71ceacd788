import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  batchDecisionColumns,
  bytea,
  timestamptz,
  trustAndProcedure,
  uploadBatchColumns,
} from './column-types.js';
import { pathways } from './pathways.js';

/**
 * One upload of an outcomes file for a trust and procedure (decision 0045): like an import batch of
 * the waiting list, its file and valid rows wait beside it until it is confirmed, cancelled or
 * expires; nothing is recorded before the confirm.
 */
export const outcomeBatches = pgTable(
  'outcome_batches',
  {
    ...uploadBatchColumns(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    fileStatus: text('file_status').notNull().default('VALIDATING'),
    /** The file's outcome as the list's (totals, headers, base errors, invalid rows, warnings). */
    fileResult: jsonb('file_result'),
    matched: integer('matched'),
    unmatched: integer('unmatched'),
    /** What the confirm will do, then what it did: recorded, corrected, unchanged, operated. */
    changes: jsonb('changes'),
    ...batchDecisionColumns(),
  },
  (t) => [index('outcome_batches_procedure_idx').on(t.trustCode, t.procedureCode, t.createdAt.desc())],
);

/** An outcomes file's bytes, in parts, as import_files keeps a list's. */
export const outcomeFiles = pgTable(
  'outcome_files',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => outcomeBatches.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.part] })],
);

/** An outcomes file's valid rows that match a pathway, waiting for the confirm. */
export const stagedOutcomes = pgTable(
  'staged_outcomes',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => outcomeBatches.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    pathwayId: uuid('pathway_id').notNull(),
    dateOfOperation: date('date_of_operation', { mode: 'string' }).notNull(),
    complication90Days: boolean('complication_90_days').notNull(),
    complicationType: text('complication_type'),
    readmission30Days: boolean('readmission_30_days'),
    lengthOfStayDays: doublePrecision('length_of_stay_days'),
    death90Days: boolean('death_90_days'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowNumber] })],
);

/**
 * What happened after a pathway's operation (decision 0045), never changed once written: a later
 * outcome for the pathway (a later file, or a clinician's correction) is a new row, and the latest
 * is current. Each row keeps the prediction it is judged against, chosen when it is recorded (the
 * latest evaluation made on or before the day of operation) with the values the model saw, so the
 * monitoring figures are one scan of the current rows and can be reproduced from them.
 */
export const pathwayOutcomes = pgTable(
  'pathway_outcomes',
  {
    id: uuid('id').primaryKey(),
    pathwayId: uuid('pathway_id')
      .notNull()
      .references(() => pathways.id, { onDelete: 'cascade' }),
    ...trustAndProcedure(),
    isCurrent: boolean('is_current').notNull(),
    dateOfOperation: date('date_of_operation', { mode: 'string' }).notNull(),
    /** Null: "Not known yet", a clinician's answer before the follow-up is done (decision 0059). */
    complication90Days: boolean('complication_90_days'),
    complicationType: text('complication_type'),
    readmission30Days: boolean('readmission_30_days'),
    lengthOfStayDays: doublePrecision('length_of_stay_days'),
    death90Days: boolean('death_90_days'),
    /** file or clinician */
    source: text('source').notNull(),
    batchId: uuid('batch_id'),
    fileName: text('file_name'),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
    recordedBy: text('recorded_by').notNull(),
    userId: uuid('user_id'),
    /** The judged evaluation; null when none was made on or before the day of operation (excluded). */
    evaluationId: uuid('evaluation_id'),
    modelId: uuid('model_id'),
    modelVersion: integer('model_version'),
    probability: doublePrecision('probability'),
    prediction: text('prediction'),
    evaluatedAt: timestamptz('evaluated_at'),
    /** The groups of the fairness tables, from the values the judged evaluation's model saw. */
    sex: text('sex'),
    ethnicGroup: text('ethnic_group'),
    ageBand: text('age_band'),
    /** The clinician's view of the risk (decision 0044) when the outcome was recorded, if any. */
    adjustedPrediction: text('adjusted_prediction'),
  },
  (t) => [
    index('pathway_outcomes_pathway_idx').on(t.pathwayId, t.recordedAt.desc()),
    index('pathway_outcomes_current_idx')
      .on(t.trustCode, t.procedureCode, t.dateOfOperation)
      .where(sql`${t.isCurrent}`),
  ],
);

/**
 * A version per trust and procedure, moved on by every write of outcomes, so that each API process
 * keeps the figures it computed until the outcomes change (decision 0045).
 */
export const outcomeVersions = pgTable(
  'outcome_versions',
  {
    ...trustAndProcedure(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.trustCode, t.procedureCode] })],
);
