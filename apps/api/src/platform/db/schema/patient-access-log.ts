import { pgTable, text, bigserial, uuid, index } from 'drizzle-orm/pg-core';
import { timestamptz } from './column-types.js';

/**
 * Every answer that carried an identifiable patient (decision 0042): who, when, through which
 * route, what, and the pathways it carried. One row per answer: a list page or an export names all
 * its pathways in `pathway_ids`, so a 100,000-row export is one row. Append-only; the reader's name
 * is copied at write time as in the change log. Written only by modules/access-log.
 */
export const patientAccessLog = pgTable(
  'patient_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accessedAt: timestamptz('accessed_at').notNull().defaultNow(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    /** The reader's roles, comma-separated codes. */
    roles: text('roles').notNull(),
    /** The trust whose patients were read. */
    trustCode: text('trust_code').notNull(),
    /** The pathways the answer carried (one for a patient screen, a page's or an export's for a list). */
    pathwayIds: uuid('pathway_ids').array().notNull(),
    /** What was read: an AccessAction of modules/access-log. */
    action: text('action').notNull(),
    /** The route pattern that answered, e.g. `GET /api/trusts/:trust/patients`. */
    route: text('route').notNull(),
    /** A short note: a list's page, an export's file name, an upload's id; never a patient's identifiers. */
    detail: text('detail'),
    /** The evaluation read, when one was. */
    evaluationId: uuid('evaluation_id'),
  },
  (t) => [
    index('patient_access_log_pathways_idx').using('gin', t.pathwayIds),
    index('patient_access_log_trust_idx').on(t.trustCode, t.accessedAt.desc()),
  ],
);
