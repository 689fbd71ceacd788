import { pgTable, text, jsonb, timestamp } from 'drizzle-orm/pg-core';

/** Small named values the server keeps between restarts (the development provider's signing key). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
