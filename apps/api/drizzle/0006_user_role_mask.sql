-- Admin lists, third pass (docs/decisions/0013-prepared-statements-and-role-mask.md).
--
-- The role filter tested users.role_codes (text[]) with && for every candidate a name search
-- reads, which took most of that search's time. role_mask holds the same roles as bits, derived
-- by PostgreSQL from role_codes (so the triggers of migration 0005 keep both true), and an AND of
-- two integers replaces the array test. Bits: sa 1, ta 2, cu 4, cl 8, tca 16, wa 32.
ALTER TABLE "users" ADD COLUMN "role_mask" integer GENERATED ALWAYS AS (
  (CASE WHEN 'sa' = ANY ("role_codes") THEN 1 ELSE 0 END)
  | (CASE WHEN 'ta' = ANY ("role_codes") THEN 2 ELSE 0 END)
  | (CASE WHEN 'cu' = ANY ("role_codes") THEN 4 ELSE 0 END)
  | (CASE WHEN 'cl' = ANY ("role_codes") THEN 8 ELSE 0 END)
  | (CASE WHEN 'tca' = ANY ("role_codes") THEN 16 ELSE 0 END)
  | (CASE WHEN 'wa' = ANY ("role_codes") THEN 32 ELSE 0 END)
) STORED NOT NULL;
--> statement-breakpoint
-- The covering indexes of migration 0005 carry the mask in place of the array.
DROP INDEX "users_sort_name_idx";
--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree ((lower("first_name" || ' ' || "last_name") collate "C"), "id")
  INCLUDE ("first_name", "last_name", "trust_code", "status", "role_mask");
--> statement-breakpoint
-- A first-name search is a range of the full-name index above ("first last" starts with the
-- first name), which returns its matches in list order: the first-name index has no reader left.
DROP INDEX "users_first_name_prefix_idx";
--> statement-breakpoint
DROP INDEX "users_last_name_prefix_idx";
--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree ((lower("last_name") collate "C"))
  INCLUDE ("id", "first_name", "last_name", "trust_code", "status", "role_mask");
--> statement-breakpoint
DROP INDEX "users_email_prefix_idx";
--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ((lower("email") collate "C"))
  INCLUDE ("id", "email", "first_name", "last_name", "trust_code", "status", "role_mask");
--> statement-breakpoint
-- The rewritten table has no statistics for the new column. PGlite has no autovacuum to gather
-- them, and statistics of an empty table mislead the planner once it fills: analyse only data.
DO $$ BEGIN IF EXISTS (SELECT 1 FROM "users") THEN ANALYZE "users"; END IF; END $$;
