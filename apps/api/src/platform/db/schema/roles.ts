import { pgTable, text, smallint } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  sortOrder: smallint('sort_order').notNull().default(0),
});
