import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bytea, trustAndProcedure, timestamptz } from './column-types.js';

/**
 * Every uploaded model version per trust and procedure: earlier versions are kept with their
 * uploader, time and SHA-256 (docs/model-governance.md). Exactly one version is active; a new one becomes active only after
 * its smoke test passes.
 */
export const mlModels = pgTable(
  'ml_models',
  {
    id: uuid('id').primaryKey(),
    ...trustAndProcedure(),
    version: integer('version').notNull(),
    status: text('status').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    modelFile: bytea('model_file').notNull(),
    wrapperFile: bytea('wrapper_file').notNull(),
    modelSha256: text('model_sha256').notNull(),
    wrapperSha256: text('wrapper_sha256').notNull(),
    modelFileName: text('model_file_name').notNull(),
    wrapperFileName: text('wrapper_file_name').notNull(),
    modelType: text('model_type').notNull(),
    card: jsonb('card').notNull(),
    failureReason: text('failure_reason'),
    uploadedByUserId: uuid('uploaded_by_user_id'),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
    activatedAt: timestamptz('activated_at'),
    /** Who made it active last (decision 0046: a recalibrated version needs a second technical admin). */
    activatedBy: text('activated_by'),
    activatedByUserId: uuid('activated_by_user_id'),
    /** A recalibrated version's base version and map (decision 0046); null for an uploaded one. */
    baseModelId: uuid('base_model_id'),
    recalibration: jsonb('recalibration'),
    /**
     * Days after the operation within which the model predicts a complication (its wrapper's
     * `outcome_horizon_days`, 90 for the demonstration models): an outcome counts in monitoring
     * only once that many days have passed since the operation (decision 0059).
     */
    outcomeHorizonDays: integer('outcome_horizon_days').notNull().default(90),
    /**
     * The technical admin who proposed making this version active (an upload, a rollback or a
     * recalibration); a clinical safety officer other than them approves it (decision 0060).
     * Null when no proposal is open.
     */
    proposedByUserId: uuid('proposed_by_user_id'),
    proposedBy: text('proposed_by'),
    proposedAt: timestamptz('proposed_at'),
    /** The clinical safety officer who last declined a proposal of it, and why (decision 0060). */
    declinedBy: text('declined_by'),
    declinedAt: timestamptz('declined_at'),
    declineReason: text('decline_reason'),
  },
  (t) => [
    uniqueIndex('ml_models_version_unique').on(t.trustCode, t.procedureCode, t.version),
    uniqueIndex('ml_models_one_active')
      .on(t.trustCode, t.procedureCode)
      .where(sql`${t.isActive}`),
    index('ml_models_lookup_idx').on(t.trustCode, t.procedureCode),
  ],
);

/**
 * A CUSUM signal a clinical safety officer has acknowledged, with their note (decision 0061). A
 * signal is computed from the outcomes, so it is known by its chart and date; until a row here
 * names it, it is open and the monitoring and model screens say so.
 */
export const cusumSignalReviews = pgTable(
  'cusum_signal_reviews',
  {
    id: uuid('id').primaryKey(),
    ...trustAndProcedure(),
    /** 'worse' (more complications than predicted) or 'better' (fewer). */
    direction: text('direction').notNull(),
    signalledOn: date('signalled_on', { mode: 'string' }).notNull(),
    note: text('note').notNull(),
    acknowledgedBy: text('acknowledged_by').notNull(),
    acknowledgedByUserId: uuid('acknowledged_by_user_id'),
    acknowledgedAt: timestamptz('acknowledged_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cusum_signal_reviews_signal_unique').on(
      t.trustCode,
      t.procedureCode,
      t.direction,
      t.signalledOn,
    ),
  ],
);

/**
 * Predictions for a procedure withheld by the trust's clinical safety officer (decision 0060): while
 * a row is here every band of the procedure reads "Predictions suspended", and the list is still
 * managed. Lifting the suspension deletes the row; the change log keeps both.
 */
export const predictionSuspensions = pgTable(
  'prediction_suspensions',
  {
    ...trustAndProcedure(),
    reason: text('reason').notNull(),
    suspendedBy: text('suspended_by').notNull(),
    suspendedByUserId: uuid('suspended_by_user_id'),
    suspendedAt: timestamptz('suspended_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.trustCode, t.procedureCode] })],
);
