import { pgTable, text, bigserial, timestamp, uuid, jsonb, index } from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail (spec §3 Change log entry; security baseline "Audit and logging").
 * Names are copied at write time so that the entry stays true after later renames.
 */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: uuid('created_by_user_id'),
    createdBy: text('created_by').notNull(),
    trustCode: text('trust_code'),
    trustName: text('trust_name').notNull().default(''),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>(),
  },
  (t) => [
    index('change_log_created_on_idx').on(t.createdOn.desc(), t.id.desc()),
    index('change_log_trust_created_on_idx').on(t.trustCode, t.createdOn.desc()),
  ],
);
