CREATE TABLE "optimisation_factor_lists" (
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"basis" text NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "optimisation_factor_lists_trust_code_procedure_code_pk" PRIMARY KEY("trust_code","procedure_code")
);
--> statement-breakpoint
CREATE TABLE "optimisation_factors" (
	"pathway_id" uuid NOT NULL,
	"factor" text NOT NULL,
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"found" boolean NOT NULL,
	"found_until" date,
	"finding" text,
	"value" double precision,
	"value_date" date,
	"latest_status" text,
	"reopened" boolean NOT NULL,
	"identified_on_found" date,
	"identified_on_otherwise" date,
	CONSTRAINT "optimisation_factors_pathway_id_factor_pk" PRIMARY KEY("pathway_id","factor")
);
--> statement-breakpoint
ALTER TABLE "optimisation_factors" ADD CONSTRAINT "optimisation_factors_pathway_id_pathways_id_fk" FOREIGN KEY ("pathway_id") REFERENCES "public"."pathways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "optimisation_factors_list_idx" ON "optimisation_factors" USING btree ("trust_code","procedure_code","factor");--> statement-breakpoint
CREATE INDEX "pathways_optimisation_order_idx" ON "pathways" USING btree ("trust_code","procedure_code","tci_date",(case when "status" = 'processed' then "probability" end) desc nulls last,"id") WHERE "pathways"."is_active";--> statement-breakpoint
-- Decision 0072: the prioritisation worklist's "Optimisation open" flag is read from these rows, so a
-- statement that writes them moves their list's version on (migration 0027), as one that writes
-- its pathways does, and a matrix kept under the old version is counted again.
CREATE FUNCTION optimisation_factor_list_versions() RETURNS trigger AS $$
BEGIN
  INSERT INTO pathway_list_versions (trust_code, procedure_code, version)
  SELECT trust_code, procedure_code, nextval('pathway_list_version_seq')
  FROM (SELECT trust_code, procedure_code FROM changed_rows GROUP BY 1, 2 ORDER BY 1, 2) lists
  ON CONFLICT (trust_code, procedure_code) DO UPDATE SET version = EXCLUDED.version;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER optimisation_factor_list_versions_insert AFTER INSERT ON optimisation_factors
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION optimisation_factor_list_versions();
--> statement-breakpoint
CREATE TRIGGER optimisation_factor_list_versions_delete AFTER DELETE ON optimisation_factors
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION optimisation_factor_list_versions();
--> statement-breakpoint
ALTER TABLE "optimisation_factors" ENABLE ALWAYS TRIGGER "optimisation_factor_list_versions_insert";--> statement-breakpoint
ALTER TABLE "optimisation_factors" ENABLE ALWAYS TRIGGER "optimisation_factor_list_versions_delete";
