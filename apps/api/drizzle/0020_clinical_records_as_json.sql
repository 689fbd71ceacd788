-- Decision 0030. Clinical records stay JSON as written (json, not jsonb): nothing queries inside
-- them, and parsing them into jsonb was most of an import's database work. Staged records are the
-- reading thread's JSON text, checked as JSON when a confirm stores them, and staged rows lose the
-- foreign key whose check cost the staging COPY a lookup per row. A pathway converted here keeps
-- its hash; the first import after it finds each one's text changed and scores it again.
ALTER TABLE "staged_pathways" DROP CONSTRAINT "staged_pathways_batch_id_import_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "evaluations" ALTER COLUMN "inputs" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "staged_pathways" ALTER COLUMN "clinical" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "staged_pathways" ALTER COLUMN "lab_dates" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "pathways" ALTER COLUMN "clinical" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "pathways" ALTER COLUMN "lab_dates" SET DATA TYPE json;