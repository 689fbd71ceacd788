import { pgTable, text, smallint, bigint, primaryKey } from 'drizzle-orm/pg-core';

/**
 * Users per trust and status, kept by statement triggers on users (migration 0002), so that
 * dashboards, the trusts list and unfiltered user lists count without scanning users (decision 0011).
 */
export const userCounts = pgTable(
  'user_counts',
  {
    trustCode: text('trust_code').notNull(),
    status: smallint('status').notNull(),
    userCount: bigint('user_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.trustCode, t.status] })],
);
