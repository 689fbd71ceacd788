import { pgTable, text, bigserial, uuid, index } from 'drizzle-orm/pg-core';
import { timestamptz } from './column-types.js';

/**
 * Every read of a patient's data (issue: NHS information governance): who, when, which pathway,
 * what was read. Append-only; names are copied at write time as in the change log.
 */
export const patientAccessLog = pgTable(
  'patient_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accessedAt: timestamptz('accessed_at').notNull().defaultNow(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    /** The role the reader acted in (cu or cl). */
    roles: text('roles').notNull(),
    trustCode: text('trust_code').notNull(),
    pathwayId: uuid('pathway_id').notNull(),
    /** lookup, risk-summary, record, history, history-entry, summary-pdf, history-pdf */
    action: text('action').notNull(),
    /** The evaluation read, when one was. */
    evaluationId: uuid('evaluation_id'),
  },
  (t) => [
    index('patient_access_log_pathway_idx').on(t.pathwayId, t.accessedAt.desc()),
    index('patient_access_log_trust_idx').on(t.trustCode, t.accessedAt.desc()),
  ],
);
