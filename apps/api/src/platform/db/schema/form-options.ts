import { pgTable, text, smallint, primaryKey } from 'drizzle-orm/pg-core';

/** Option lists for forms (docs/requirements.md §3: surgery readiness and social), kept as data so trusts can relabel. */
export const formOptions = pgTable(
  'form_options',
  {
    listName: text('list_name').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listName, t.value] })],
);
