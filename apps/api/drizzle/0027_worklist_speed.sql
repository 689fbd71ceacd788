-- The prioritisation matrix and worklist at 100,000 pathways (decision 0044, docs/prioritisation.md).
--
-- pathway_list_versions holds a version per list (trust and procedure), moved on by statement
-- triggers with transition tables (as migration 0010's counters are kept) whenever a statement
-- writes an active pathway of the list: each API process keeps the matrices it counted in memory
-- under the list's version, and counts again only when the version has moved. A statement pays one
-- aggregate over the rows it wrote and one row per list it touched, so a 100,000-row confirm moves
-- one row. Every version is a new value of one sequence, never reused, even if this table is
-- emptied; a list without a row is never cached. Rows are written in key order so that two writers
-- take the rows' locks in the same order.
CREATE TABLE "pathway_list_versions" (
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "pathway_list_versions_trust_code_procedure_code_pk" PRIMARY KEY("trust_code","procedure_code")
);
--> statement-breakpoint
-- The highest risk first, exactly as the worklist orders it. INCLUDE of the columns the expression is
-- built on (drizzle-kit cannot declare it): an expression index is read alone only when it also holds
-- them, so a deep page's ids never visit the table.
CREATE INDEX "pathways_worklist_risk_idx" ON "pathways" USING btree ("trust_code","procedure_code",(case when "status" = 'processed' then "probability" end) desc nulls last,"clock_start","id") INCLUDE ("status","probability") WHERE "pathways"."is_active";--> statement-breakpoint
-- An NHS number prefix is a range of the list's NHS number index (decision 0024): INCLUDE of the
-- clock start and id lets the worklist's page read the matches' order from that index alone.
DROP INDEX "pathways_active_nhs_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "pathways_active_nhs_unique" ON "pathways" USING btree ("trust_code","procedure_code","nhs_number") INCLUDE ("clock_start","id") WHERE "pathways"."is_active" and "pathways"."nhs_number" is not null;--> statement-breakpoint
CREATE SEQUENCE "pathway_list_version_seq";
--> statement-breakpoint
CREATE FUNCTION pathway_list_versions_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO pathway_list_versions (trust_code, procedure_code, version)
  SELECT trust_code, procedure_code, nextval('pathway_list_version_seq')
  FROM (SELECT DISTINCT trust_code, procedure_code FROM new_rows WHERE is_active ORDER BY 1, 2) lists
  ON CONFLICT (trust_code, procedure_code) DO UPDATE SET version = EXCLUDED.version;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION pathway_list_versions_update() RETURNS trigger AS $$
BEGIN
  -- The lists of the active rows before and after: a pathway archived leaves its list, and a
  -- statement that writes only archived pathways changes no list.
  INSERT INTO pathway_list_versions (trust_code, procedure_code, version)
  SELECT trust_code, procedure_code, nextval('pathway_list_version_seq')
  FROM (SELECT trust_code, procedure_code FROM new_rows WHERE is_active
    UNION SELECT trust_code, procedure_code FROM old_rows WHERE is_active ORDER BY 1, 2) lists
  ON CONFLICT (trust_code, procedure_code) DO UPDATE SET version = EXCLUDED.version;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION pathway_list_versions_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO pathway_list_versions (trust_code, procedure_code, version)
  SELECT trust_code, procedure_code, nextval('pathway_list_version_seq')
  FROM (SELECT DISTINCT trust_code, procedure_code FROM old_rows WHERE is_active ORDER BY 1, 2) lists
  ON CONFLICT (trust_code, procedure_code) DO UPDATE SET version = EXCLUDED.version;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A truncated table empties every list.
CREATE FUNCTION pathway_list_versions_truncate() RETURNS trigger AS $$
BEGIN
  UPDATE pathway_list_versions SET version = nextval('pathway_list_version_seq');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pathway_list_versions_insert AFTER INSERT ON pathways
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathway_list_versions_insert();
--> statement-breakpoint
CREATE TRIGGER pathway_list_versions_update AFTER UPDATE ON pathways
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathway_list_versions_update();
--> statement-breakpoint
CREATE TRIGGER pathway_list_versions_delete AFTER DELETE ON pathways
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathway_list_versions_delete();
--> statement-breakpoint
CREATE TRIGGER pathway_list_versions_truncate AFTER TRUNCATE ON pathways
  FOR EACH STATEMENT EXECUTE FUNCTION pathway_list_versions_truncate();
--> statement-breakpoint
-- As the counters' triggers (migration 0023): they fire whatever the session's replication role, since
-- the embedded database writes a confirm's pathways as a replica (decision 0033).
ALTER TABLE "pathways" ENABLE ALWAYS TRIGGER "pathway_list_versions_insert";--> statement-breakpoint
ALTER TABLE "pathways" ENABLE ALWAYS TRIGGER "pathway_list_versions_update";--> statement-breakpoint
ALTER TABLE "pathways" ENABLE ALWAYS TRIGGER "pathway_list_versions_delete";--> statement-breakpoint
ALTER TABLE "pathways" ENABLE ALWAYS TRIGGER "pathway_list_versions_truncate";--> statement-breakpoint
-- Databases that already hold pathways start with a version for each list.
INSERT INTO pathway_list_versions (trust_code, procedure_code, version)
SELECT trust_code, procedure_code, nextval('pathway_list_version_seq')
FROM (SELECT DISTINCT trust_code, procedure_code FROM pathways WHERE is_active ORDER BY 1, 2) lists;
--> statement-breakpoint
-- Decision 0044: a pathway's prioritisation entries are its dated history, never changed. UPDATE and
-- TRUNCATE are refused, as the change log's are (migration 0003); DELETE only once the pathway row is
-- gone, which is how the foreign key's ON DELETE CASCADE removes them (its delete runs after the
-- pathway's), so an entry leaves only with its pathway.
CREATE FUNCTION prioritisation_entries_kept() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM pathways WHERE id = OLD.pathway_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'prioritisation_entries are never changed: % refused', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER prioritisation_entries_no_update_or_delete BEFORE UPDATE OR DELETE ON prioritisation_entries
  FOR EACH ROW EXECUTE FUNCTION prioritisation_entries_kept();
--> statement-breakpoint
CREATE TRIGGER prioritisation_entries_no_truncate BEFORE TRUNCATE ON prioritisation_entries
  FOR EACH STATEMENT EXECUTE FUNCTION prioritisation_entries_kept();
