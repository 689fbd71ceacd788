import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The NHS trusts of England that can be added (docs/requirements.md §2 Add new trust, §3 Trust lookup entry),
 * loaded at start from src/data/nhs-trusts-england.json (NHS ODS). A table rather than the file
 * alone so that an operator can refresh it without a release.
 */
export const trustDirectory = pgTable('trust_directory', {
  trustCode: text('trust_code').primaryKey(),
  trustName: text('trust_name').notNull(),
  trustRoleDescription: text('trust_role_description').notNull(),
  region: text('region').notNull(),
  regionCode: text('region_code').notNull(),
  country: text('country').notNull(),
});
