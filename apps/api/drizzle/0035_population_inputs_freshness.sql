ALTER TABLE "evaluations" ADD COLUMN "withheld_inputs" jsonb;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "unused_inputs" jsonb;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "lab_dates" json;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "operation" text;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "operation" text;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "exclusion" text;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "defaulted_inputs" jsonb;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "blood_result_max_age_days" integer;
