import {
  json,
  pgTable,
  text,
  integer,
  uuid,
  jsonb,
  index,
  uniqueIndex,
  boolean,
  doublePrecision,
  bigint,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { trustAndProcedure, waitingListColumns, timestamptz } from './column-types.js';

/**
 * A patient's pathway on a trust's waiting list for one procedure (docs/requirements.md §3 active and archived
 * records). Confirming an import makes its rows the active list: matched pathways are updated,
 * new ones created, and absent ones archived with the date removed and the last list that had them.
 */
export const pathways = pgTable(
  'pathways',
  {
    id: uuid('id').primaryKey(),
    ...trustAndProcedure(),
    nhsNumber: text('nhs_number'),
    localPatientIdentifier: text('local_patient_identifier'),
    ...waitingListColumns(),
    /**
     * The model's record (remodel record of docs/requirements.md §3): height, weight, sex, codes, flags and labs. JSON
     * kept as written, not jsonb: nothing queries inside it, and taking 100,000 records apart into
     * jsonb was most of the database's work in an import (decision 0030).
     */
    clinical: json('clinical').notNull(),
    /**
     * When the blood results were taken: the latest date as `sampled`, and each test taken on
     * another day by its own name (decision 0032).
     */
    labDates: json('lab_dates'),
    /** Hash of what the model reads, so an import that changes nothing keeps the prediction. */
    inputsHash: text('inputs_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** waiting (shown 'Not processed'), processed, failed */
    status: text('status').notNull().default('waiting'),
    /** High, Moderate or Low from the current evaluation. */
    prediction: text('prediction'),
    probability: doublePrecision('probability'),
    currentEvaluationId: uuid('current_evaluation_id'),
    /** The model version that made the current evaluation (a new model re-scores the list). */
    scoredModelId: uuid('scored_model_id'),
    failedFields: jsonb('failed_fields'),
    failureReason: text('failure_reason'),
    processedAt: timestamptz('processed_at'),
    firstBatchId: uuid('first_batch_id'),
    /** The last import that listed this pathway (docs/requirements.md §3 archived record lastWaitingListId). */
    lastBatchId: uuid('last_batch_id'),
    dateRemoved: timestamptz('date_removed'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pathways_active_nhs_unique')
      .on(t.trustCode, t.procedureCode, t.nhsNumber)
      .where(sql`${t.isActive} and ${t.nhsNumber} is not null`),
    // Whether a list has pathways waiting to be scored (the service's busy status). Partial, so that
    // a confirm writing scored pathways does not add to it (decision 0029).
    index('pathways_waiting_idx')
      .on(t.trustCode, t.procedureCode)
      .where(sql`${t.isActive} and ${t.status} = 'waiting'`),
    index('pathways_nhs_lookup_idx').on(t.trustCode, t.nhsNumber),
    index('pathways_local_lookup_idx').on(t.trustCode, t.localPatientIdentifier),
    // The open-pathways table and its reports (decision 0024): referral date (no date last) then id
    // is the list's order and the reports' keyset. Plain columns, so a deep page's offset is read
    // from the index alone. Migration 0010 adds INCLUDE of the filtered columns to these four
    // indexes (drizzle-kit cannot declare it), so that searches never visit the table.
    index('pathways_open_order_idx')
      .on(t.trustCode, t.procedureCode, t.referralDate, t.id)
      .where(sql`${t.isActive}`),
    index('pathways_open_tci_idx')
      .on(t.trustCode, t.procedureCode, t.tciDate)
      .where(sql`${t.isActive}`),
    // Prefix searches, case-insensitive, as ranges on "C"-collated lower case (decisions 0011, 0013).
    index('pathways_open_surgeon_idx')
      .on(t.trustCode, t.procedureCode, sql`(lower(${t.surgeonName}) collate "C")`)
      .where(sql`${t.isActive}`),
    index('pathways_open_local_prefix_idx')
      .on(t.trustCode, t.procedureCode, sql`(lower(${t.localPatientIdentifier}) collate "C")`)
      .where(sql`${t.isActive}`),
    index('pathways_failed_idx')
      .on(t.trustCode, t.procedureCode)
      .where(sql`${t.isActive} and ${t.status} = 'failed'`),
    index('pathways_archived_idx')
      .on(t.trustCode, t.dateRemoved.desc(), t.id.desc())
      .where(sql`not ${t.isActive}`),
  ],
);

/**
 * Active pathways per trust, procedure, status, prediction, social and surgery ('' for none), kept
 * by statement triggers on pathways (migration 0010): the open-pathways counters and the table's
 * totals without a search add up a few of these rather than count a whole list (decision 0024).
 */
export const pathwayCounts = pgTable(
  'pathway_counts',
  {
    trustCode: text('trust_code').notNull(),
    procedureCode: text('procedure_code').notNull(),
    status: text('status').notNull(),
    prediction: text('prediction').notNull(),
    social: text('social').notNull(),
    surgery: text('surgery').notNull(),
    pathwayCount: bigint('pathway_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.trustCode, t.procedureCode, t.status, t.prediction, t.social, t.surgery],
    }),
  ],
);

/** When scoring last finished for a trust and procedure (docs/requirements.md §3 service status lastRun). */
export const inferenceRuns = pgTable(
  'inference_runs',
  {
    trustCode: text('trust_code').notNull(),
    procedureCode: text('procedure_code').notNull(),
    lastRun: timestamptz('last_run').notNull(),
    scored: integer('scored').notNull().default(0),
    /** The mean predicted probability of the scored active list after the run (the summary's average). */
    averageProbability: doublePrecision('average_probability'),
  },
  (t) => [uniqueIndex('inference_runs_key').on(t.trustCode, t.procedureCode)],
);
