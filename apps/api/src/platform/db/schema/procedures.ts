import { pgTable, text, smallint } from 'drizzle-orm/pg-core';

export const procedures = pgTable('procedures', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: smallint('sort_order').notNull().default(0),
});
