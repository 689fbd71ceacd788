import { bytea, timestamptz } from './column-types.js';
import {
  json,
  pgTable,
  text,
  integer,
  uuid,
  jsonb,
  index,
  boolean,
  doublePrecision,
  date,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { pathways } from './pathways.js';

/**
 * One prediction for a pathway, immutable (docs/model-artifacts.md): the inputs it saw, the model version, the
 * probability, band, explanation, whether defaults were used, when and why. A pathway's current
 * prediction is its latest evaluation; previous evaluations are the rest. The explanation is stored
 * compactly (decision 0028): each feature's contribution in the model's feature order and the date
 * the record was read on; the factors, values, units and advice shown are rebuilt from them, the
 * inputs and the model version. Evaluations stored before keep their explanation as written. Only
 * the anomaly flag and its reasons, and the review of a clerical user's change, change once an
 * evaluation is written.
 */
export const evaluations = pgTable(
  'evaluations',
  {
    id: uuid('id').primaryKey(),
    pathwayId: uuid('pathway_id')
      .notNull()
      .references(() => pathways.id),
    trustCode: text('trust_code').notNull(),
    procedureCode: text('procedure_code').notNull(),
    modelId: uuid('model_id').notNull(),
    modelVersion: integer('model_version').notNull(),
    modelName: text('model_name').notNull(),
    modelCardVersion: text('model_card_version').notNull(),
    demonstration: boolean('demonstration').notNull(),
    /** batch, remodel or rescore */
    reason: text('reason').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    probability: doublePrecision('probability').notNull(),
    /** High, Moderate or Low */
    prediction: text('prediction').notNull(),
    isDefaultValueUsed: boolean('is_default_value_used').notNull(),
    /**
     * Each feature's contribution, in the model's feature order: 8 bytes each, IEEE 754 big-endian
     * as PostgreSQL's float8send writes them (decision 0032).
     */
    featureContributions: bytea('feature_contributions'),
    /** The day ages were computed on. */
    evaluationDate: date('evaluation_date', { mode: 'string' }),
    /** Before decision 0028: the features that took their default. */
    defaultedFeatures: jsonb('defaulted_features'),
    /** Before decision 0028: the factors shown (high and medium importance), with value and unit. */
    featureImportance: jsonb('feature_importance'),
    /** Before decision 0028: every feature's contribution, `[feature, contribution]` largest first. */
    contributions: jsonb('contributions'),
    /** Before decision 0028: the advice shown. */
    areasOfImprovement: jsonb('areas_of_improvement'),
    /** The record the model read, as the pathway kept it (JSON as written, decision 0030). */
    inputs: json('inputs').notNull(),
    /**
     * The model's required inputs the record lacked (decision 0057): the prediction is "Incomplete",
     * without a band. Null when none was missing.
     */
    withheldInputs: jsonb('withheld_inputs'),
    /**
     * Blood results the record held but the model was not given, too old to use: `{field: sample
     * day}` (decision 0057). Null when none was.
     */
    unusedInputs: jsonb('unused_inputs'),
    /** When the record's blood results were taken, as the pathway kept it then (decision 0057). */
    labDates: json('lab_dates'),
    /**
     * The pathway's consultant surgeon, readiness for surgery and social aspects when the
     * evaluation was made: the model does not read them, but a past evaluation is shown with them
     * as they were (decision 0039). Null for an evaluation made before they were kept.
     */
    surgeonName: text('surgeon_name'),
    surgery: text('surgery'),
    social: text('social'),
    /** Whether the three above were kept: false for an evaluation made before they were. */
    surgicalRiskFactorsKept: boolean('surgical_risk_factors_kept').notNull().default(false),
    isAnomaly: boolean('is_anomaly').notNull().default(false),
    /** Why the result was flagged, as written by whoever flagged it; cleared with the flag (decision 0039). */
    anomalyReason: text('anomaly_reason'),
    /**
     * Why the flag was last removed, by whom and when (decision 0056: a flag is removed only with a
     * reason); null if it never was.
     */
    anomalyRemovedReason: text('anomaly_removed_reason'),
    anomalyRemovedBy: text('anomaly_removed_by'),
    anomalyRemovedAt: timestamptz('anomaly_removed_at'),
    /**
     * Made by a remodel of someone acting as Clerical User (decision 0056): the prediction says so
     * until a clinician marks the change reviewed, by name and when.
     */
    clericalChange: boolean('clerical_change').notNull().default(false),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamptz('reviewed_at'),
  },
  (t) => [
    index('evaluations_pathway_idx').on(t.pathwayId, t.createdAt.desc()),
    check(
      'evaluations_explanation_stored',
      sql`${t.featureContributions} is not null or (${t.featureImportance} is not null and ${t.contributions} is not null and ${t.areasOfImprovement} is not null)`,
    ),
  ],
);
