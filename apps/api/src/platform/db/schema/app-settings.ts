import { pgTable, text, jsonb } from 'drizzle-orm/pg-core';
import { timestamptz } from './column-types.js';

/** Small named values the server keeps between restarts (the development provider's signing key). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
