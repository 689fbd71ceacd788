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
  date,
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
    /**
     * waiting (shown 'Not processed'), processed, failed; incomplete: scored, but a required input is
     * missing, so no band; excluded: outside the model's population, not scored (decision 0057).
     */
    status: text('status').notNull().default('waiting'),
    /** Why an excluded pathway is outside the model's population, in words ("revision of knee replacement, W40.3"). */
    exclusion: text('exclusion'),
    /**
     * The record fields the current evaluation's model was given a default for, because the record
     * lacked them or held a result too old to use (decision 0057): the lists' "Missing inputs" flag
     * and the exports' "Defaulted inputs". Null when none was.
     */
    defaultedInputs: jsonb('defaulted_inputs'),
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
    /** The day of operation of an operated pathway, from its current outcome (decision 0045). */
    dateOfOperation: date('date_of_operation', { mode: 'string' }),
    /**
     * Prioritisation (decision 0044), the latest of each kind of entry in prioritisation_entries
     * kept beside the list fields so that the worklist reads one row per pathway. Who set the
     * priority here and on which London day (null: the waiting list's own priority); a later
     * extract replaces it only with a priority date after that day.
     */
    prioritySetBy: text('priority_set_by'),
    prioritySetOn: date('priority_set_on', { mode: 'string' }),
    lastHarmReviewOn: date('last_harm_review_on', { mode: 'string' }),
    lastHarmReviewLevel: text('last_harm_review_level'),
    /** The clinician's view of the risk (high, medium, low); the model's prediction is never changed. */
    adjustedPrediction: text('adjusted_prediction'),
    /**
     * Decision 0056, kept here for the worklist's flags: when the earliest change a clerical user
     * made to what the model reads, not yet reviewed by a clinician, was made (null: none waits);
     * and, while a clinician's decision is due after a P1a, P1b or P2 pathway was postponed at the
     * patient's request, the priority postponed and its priority date (whose breach still counts).
     */
    clericalChangeUnreviewedAt: timestamptz('clerical_change_unreviewed_at'),
    postponedFromPriority: text('postponed_from_priority'),
    postponedFromPriorityDate: date('postponed_from_priority_date', { mode: 'string' }),
    /**
     * Decision 0055: a date of birth a clinician confirmed as this patient's, corrected in the trust's
     * system: a list row with the pathway's NHS number and this date of birth is the same patient,
     * as one with the pathway's own date of birth is. Null: none confirmed.
     */
    acceptedDateOfBirth: date('accepted_date_of_birth', { mode: 'string' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Migration 0027 adds INCLUDE (clock_start, id): the worklist's NHS number search reads its
    // matches' order from this index alone.
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
    // The worklist's orders (decision 0044): the longest wait, and the most urgent priority then the longest wait.
    index('pathways_worklist_wait_idx')
      .on(t.trustCode, t.procedureCode, t.clockStart, t.id)
      .where(sql`${t.isActive}`),
    index('pathways_worklist_priority_idx')
      .on(t.trustCode, t.procedureCode, sql`(${t.priority} collate "C")`, t.clockStart, t.id)
      .where(sql`${t.isActive}`),
    // The highest risk first (decision 0044): the model's probability of a processed pathway, the
    // not scored last, then the longest wait and the id, exactly the worklist's ORDER BY. Migration
    // 0027 adds INCLUDE (status, probability), which the expression is built on, so that a page's ids
    // are read from the index alone.
    index('pathways_worklist_risk_idx')
      .on(
        t.trustCode,
        t.procedureCode,
        sql`(case when ${t.status} = 'processed' then ${t.probability} end) desc nulls last`,
        t.clockStart,
        t.id,
      )
      .where(sql`${t.isActive}`),
    // The optimisation worklist's order (decision 0072): the nearest TCI date, then the highest risk,
    // then the id, walked with a probe of each pathway's factor rows until a page is found.
    index('pathways_optimisation_order_idx')
      .on(
        t.trustCode,
        t.procedureCode,
        t.tciDate.asc().nullsLast(),
        sql`(case when ${t.status} = 'processed' then ${t.probability} end) desc nulls last`,
        t.id,
      )
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

/**
 * A version per list (trust and procedure), moved on by statement triggers on pathways (migration
 * 0027) whenever a statement inserts, updates or deletes an active pathway of the list: the
 * prioritisation matrix is kept in each API process's memory under the version it was counted at,
 * and served again only while the version is unchanged. The versions come from one sequence, so a
 * version is never used twice, even after this table is emptied.
 */
export const pathwayListVersions = pgTable(
  'pathway_list_versions',
  {
    trustCode: text('trust_code').notNull(),
    procedureCode: text('procedure_code').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.trustCode, t.procedureCode] })],
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

/**
 * A pathway's prioritisation history (decision 0044): each priority change, validation, harm review
 * and risk adjustment made here, never changed or removed; the current value of each is the latest.
 * The recorder's name is copied at write time, as in the change log.
 */
export const prioritisationEntries = pgTable(
  'prioritisation_entries',
  {
    id: uuid('id').primaryKey(),
    pathwayId: uuid('pathway_id')
      .notNull()
      .references(() => pathways.id, { onDelete: 'cascade' }),
    trustCode: text('trust_code').notNull(),
    /** priority, validation, harm_review or risk_adjustment */
    kind: text('kind').notNull(),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
    /** The London day it was recorded, as the flags count days. */
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
    userId: uuid('user_id'),
    recordedBy: text('recorded_by').notNull(),
    priorityCode: text('priority_code'),
    previousPriorityCode: text('previous_priority_code'),
    reason: text('reason'),
    outcome: text('outcome'),
    contact: text('contact'),
    level: text('level'),
    actions: text('actions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    note: text('note'),
    /** A risk adjustment's band; null on one that removed it. */
    prediction: text('prediction'),
    modelPrediction: text('model_prediction'),
  },
  (t) => [index('prioritisation_entries_pathway_idx').on(t.pathwayId, t.recordedAt.desc())],
);
