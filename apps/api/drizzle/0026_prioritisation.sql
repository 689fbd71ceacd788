CREATE TABLE "prioritisation_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pathway_id" uuid NOT NULL,
	"trust_code" text NOT NULL,
	"kind" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_on" date NOT NULL,
	"user_id" uuid,
	"recorded_by" text NOT NULL,
	"priority_code" text,
	"previous_priority_code" text,
	"reason" text,
	"outcome" text,
	"contact" text,
	"level" text,
	"actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"prediction" text,
	"model_prediction" text
);
--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "clock_start" date;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "priority_date" date;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "last_validated_on" date;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "clock_start" date;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "priority_date" date;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "last_validated_on" date;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "priority_set_by" text;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "priority_set_on" date;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "last_harm_review_on" date;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "last_harm_review_level" text;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "adjusted_prediction" text;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "harm_review_threshold_weeks" integer[];--> statement-breakpoint
ALTER TABLE "prioritisation_entries" ADD CONSTRAINT "prioritisation_entries_pathway_id_pathways_id_fk" FOREIGN KEY ("pathway_id") REFERENCES "public"."pathways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prioritisation_entries_pathway_idx" ON "prioritisation_entries" USING btree ("pathway_id","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pathways_worklist_wait_idx" ON "pathways" USING btree ("trust_code","procedure_code","clock_start","id") WHERE "pathways"."is_active";--> statement-breakpoint
CREATE INDEX "pathways_worklist_priority_idx" ON "pathways" USING btree ("trust_code","procedure_code",("priority" collate "C"),"clock_start","id") WHERE "pathways"."is_active";--> statement-breakpoint
-- Pathways imported before the clock start was read: their referral date was read as the clock start.
UPDATE "pathways" SET "clock_start" = "referral_date", "priority_date" = "referral_date" WHERE "clock_start" IS NULL;
