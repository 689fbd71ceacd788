-- Open-pathway lists and reports (docs/decisions/0024-reports.md). pathway_counts holds the active
-- pathways per trust, procedure, status, prediction, social and surgery, kept by statement triggers
-- with transition tables (as migration 0003 keeps the admin counters): counting a 100,000-row list
-- on every page view is too slow on PGlite, and the processed counters and the table's totals must
-- agree exactly, so both read these rows. Rows are written in key order so that two writers of the
-- same list take the counter rows' locks in the same order.
--
-- The list's indexes INCLUDE the columns its filters and page read (drizzle-kit cannot declare
-- INCLUDE, so it is written here): a search's count and page are then answered from the index alone,
-- and an expression index can be read alone only when it also holds the column it is built on.
CREATE TABLE "pathway_counts" (
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"status" text NOT NULL,
	"prediction" text NOT NULL,
	"social" text NOT NULL,
	"surgery" text NOT NULL,
	"pathway_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pathway_counts_trust_code_procedure_code_status_prediction_social_surgery_pk" PRIMARY KEY("trust_code","procedure_code","status","prediction","social","surgery")
);
--> statement-breakpoint
CREATE INDEX "pathways_open_order_idx" ON "pathways" USING btree ("trust_code","procedure_code","referral_date","id") INCLUDE ("status","prediction","social","surgery","surgeon_name","local_patient_identifier") WHERE "pathways"."is_active";--> statement-breakpoint
CREATE INDEX "pathways_open_tci_idx" ON "pathways" USING btree ("trust_code","procedure_code","tci_date") INCLUDE ("referral_date","id","status","prediction","social","surgery") WHERE "pathways"."is_active";--> statement-breakpoint
CREATE INDEX "pathways_open_surgeon_idx" ON "pathways" USING btree ("trust_code","procedure_code",(lower("surgeon_name") collate "C")) INCLUDE ("surgeon_name","referral_date","id","status","prediction","social","surgery") WHERE "pathways"."is_active";--> statement-breakpoint
CREATE INDEX "pathways_open_local_prefix_idx" ON "pathways" USING btree ("trust_code","procedure_code",(lower("local_patient_identifier") collate "C")) INCLUDE ("local_patient_identifier","referral_date","id","status","prediction","social","surgery") WHERE "pathways"."is_active";--> statement-breakpoint
CREATE INDEX "pathways_failed_idx" ON "pathways" USING btree ("trust_code","procedure_code") WHERE "pathways"."is_active" and "pathways"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "pathways_archived_idx" ON "pathways" USING btree ("trust_code","date_removed" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "pathways"."is_active";--> statement-breakpoint
CREATE FUNCTION pathway_counts_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO pathway_counts (trust_code, procedure_code, status, prediction, social, surgery, pathway_count)
  SELECT trust_code, procedure_code, status, COALESCE(prediction, ''), COALESCE(social, ''), COALESCE(surgery, ''), count(*)
  FROM new_rows WHERE is_active GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (trust_code, procedure_code, status, prediction, social, surgery)
  DO UPDATE SET pathway_count = pathway_counts.pathway_count + EXCLUDED.pathway_count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION pathway_counts_update() RETURNS trigger AS $$
BEGIN
  -- Only moves between lists, statuses, predictions, social and surgery touch the counters.
  INSERT INTO pathway_counts (trust_code, procedure_code, status, prediction, social, surgery, pathway_count)
  SELECT trust_code, procedure_code, status, prediction, social, surgery, sum(delta) FROM (
    SELECT trust_code, procedure_code, status, COALESCE(prediction, '') AS prediction,
      COALESCE(social, '') AS social, COALESCE(surgery, '') AS surgery, 1 AS delta
    FROM new_rows WHERE is_active
    UNION ALL
    SELECT trust_code, procedure_code, status, COALESCE(prediction, ''), COALESCE(social, ''),
      COALESCE(surgery, ''), -1
    FROM old_rows WHERE is_active
  ) moves GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (trust_code, procedure_code, status, prediction, social, surgery)
  DO UPDATE SET pathway_count = pathway_counts.pathway_count + EXCLUDED.pathway_count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION pathway_counts_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO pathway_counts (trust_code, procedure_code, status, prediction, social, surgery, pathway_count)
  SELECT trust_code, procedure_code, status, COALESCE(prediction, ''), COALESCE(social, ''), COALESCE(surgery, ''), -count(*)
  FROM old_rows WHERE is_active GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (trust_code, procedure_code, status, prediction, social, surgery)
  DO UPDATE SET pathway_count = pathway_counts.pathway_count + EXCLUDED.pathway_count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pathway_counts_insert AFTER INSERT ON pathways
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathway_counts_insert();
--> statement-breakpoint
CREATE TRIGGER pathway_counts_update AFTER UPDATE ON pathways
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathway_counts_update();
--> statement-breakpoint
CREATE TRIGGER pathway_counts_delete AFTER DELETE ON pathways
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathway_counts_delete();
--> statement-breakpoint
-- A truncated list has no active pathways left to count.
CREATE FUNCTION pathway_counts_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM pathway_counts;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pathway_counts_truncate AFTER TRUNCATE ON pathways
  FOR EACH STATEMENT EXECUTE FUNCTION pathway_counts_truncate();
--> statement-breakpoint
-- Databases that already hold pathways start from their true totals.
INSERT INTO pathway_counts (trust_code, procedure_code, status, prediction, social, surgery, pathway_count)
SELECT trust_code, procedure_code, status, COALESCE(prediction, ''), COALESCE(social, ''), COALESCE(surgery, ''), count(*)
FROM pathways WHERE is_active GROUP BY 1, 2, 3, 4, 5, 6;
