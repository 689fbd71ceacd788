import { pgTable, text, bigserial, bigint, uuid, jsonb, index, primaryKey } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamptz } from './column-types.js';

/**
 * Append-only audit trail (docs/requirements.md §3 Change log entry; security baseline "Audit and logging").
 * Names are copied at write time so that the entry stays true after later renames.
 */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdOn: timestamptz('created_on').notNull().defaultNow(),
    createdByUserId: uuid('created_by_user_id'),
    createdBy: text('created_by').notNull(),
    trustCode: text('trust_code'),
    trustName: text('trust_name').notNull().default(''),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>(),
    /**
     * Who may read the entry besides super admins: 'trust' (that trust's admins too) or
     * 'super-admin' (changes touching a super admin, which trust admins never see; decision 0010).
     */
    audience: text('audience').notNull().default('trust'),
  },
  (t) => [
    index('change_log_created_on_idx').on(t.createdOn.desc(), t.id.desc()),
    index('change_log_trust_created_on_id_idx').on(t.trustCode, t.createdOn.desc(), t.id.desc()),
    // Prefix searches on who made the change and on the trust name (decision 0011).
    // With the date and id, and INCLUDE (created_by, trust_code, audience) added by migration 0005
    // (drizzle-kit cannot declare it), a search by who made the change is answered from the index alone.
    index('change_log_created_by_prefix_idx').on(
      sql`(lower(${t.createdBy}) collate "C")`,
      t.createdOn.desc(),
      t.id.desc(),
    ),
    index('change_log_trust_name_prefix_idx').on(sql`(lower(${t.trustName}) collate "C")`),
  ],
);

/**
 * Entries per trust ('' for entries without one), kept by a statement trigger on change_log
 * (migration 0002): counting a million rows per page view is too slow, a sum over a few hundred
 * counters is not (decision 0011).
 */
export const changeLogCounts = pgTable(
  'change_log_counts',
  {
    trustCode: text('trust_code').notNull(),
    audience: text('audience').notNull(),
    entryCount: bigint('entry_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.trustCode, t.audience] })],
);

/**
 * Entries per person making the change (lower-case name, "C" collation), trust ('' for none) and
 * audience, kept by a statement trigger on change_log (migration 0007): a search by who made the
 * change sums these instead of counting its matches (decision 0013).
 */
export const changeLogCreatorCounts = pgTable(
  'change_log_creator_counts',
  {
    creator: text('creator').notNull(),
    trustCode: text('trust_code').notNull(),
    audience: text('audience').notNull(),
    entryCount: bigint('entry_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creator, t.trustCode, t.audience] })],
);
