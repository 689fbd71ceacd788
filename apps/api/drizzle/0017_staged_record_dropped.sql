-- The staged row's fields now live in columns of their own (0016); the whole-row document goes.
ALTER TABLE "staged_pathways" ALTER COLUMN "clinical" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staged_pathways" ALTER COLUMN "lab_dates" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staged_pathways" DROP COLUMN "record";