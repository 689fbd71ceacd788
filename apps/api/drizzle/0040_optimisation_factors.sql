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
CREATE INDEX "optimisation_factors_list_idx" ON "optimisation_factors" USING btree ("trust_code","procedure_code","factor");