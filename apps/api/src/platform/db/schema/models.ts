import { pgTable, text, integer, uuid, jsonb, boolean, index, uniqueIndex } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    uniqueIndex('ml_models_version_unique').on(t.trustCode, t.procedureCode, t.version),
    uniqueIndex('ml_models_one_active')
      .on(t.trustCode, t.procedureCode)
      .where(sql`${t.isActive}`),
    index('ml_models_lookup_idx').on(t.trustCode, t.procedureCode),
  ],
);
