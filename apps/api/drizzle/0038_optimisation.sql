CREATE TABLE "optimisation_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pathway_id" uuid NOT NULL,
	"trust_code" text NOT NULL,
	"factor" text NOT NULL,
	"status" text NOT NULL,
	"service" text,
	"note" text,
	"reason" text,
	"finding" text,
	"finding_date" date,
	"value" double precision,
	"risk_before" double precision,
	"risk_after" double precision,
	"user_id" uuid,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "optimisation_rules" jsonb;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "optimisation_services" jsonb;--> statement-breakpoint
ALTER TABLE "optimisation_entries" ADD CONSTRAINT "optimisation_entries_pathway_id_pathways_id_fk" FOREIGN KEY ("pathway_id") REFERENCES "public"."pathways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "optimisation_entries_pathway_idx" ON "optimisation_entries" USING btree ("pathway_id","factor","recorded_at" DESC NULLS LAST);