import {
  pgTable,
  text,
  integer,
  timestamp,
  uuid,
  jsonb,
  index,
  boolean,
  doublePrecision,
} from 'drizzle-orm/pg-core';
import { pathways } from './pathways.js';

/**
 * One prediction for a pathway, immutable (DESIGN §6): the inputs it saw, the model version, the
 * probability, band, explanations, whether defaults were used, when and why. A pathway's current
 * prediction is its latest evaluation; previous evaluations are the rest.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    probability: doublePrecision('probability').notNull(),
    /** High, Moderate or Low */
    prediction: text('prediction').notNull(),
    isDefaultValueUsed: boolean('is_default_value_used').notNull(),
    defaultedFeatures: jsonb('defaulted_features').notNull(),
    /** The factors shown (high and medium importance), with value and unit. */
    featureImportance: jsonb('feature_importance').notNull(),
    /** Every feature's contribution, `[feature, contribution]` largest first, for the chart. */
    contributions: jsonb('contributions').notNull(),
    areasOfImprovement: jsonb('areas_of_improvement').notNull(),
    inputs: jsonb('inputs').notNull(),
    isAnomaly: boolean('is_anomaly').notNull().default(false),
  },
  (t) => [index('evaluations_pathway_idx').on(t.pathwayId, t.createdAt.desc())],
);
