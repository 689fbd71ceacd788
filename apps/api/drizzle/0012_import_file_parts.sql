-- Uploaded files are kept in parts of a few megabytes (docs/decisions/0027-import-memory-and-throughput.md):
-- the embedded database keeps for good the memory its largest value needed. Files stored before
-- this migration are part 0.
ALTER TABLE "import_files" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_files" DROP CONSTRAINT "import_files_batch_id_kind_pk";--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_batch_id_kind_part_pk" PRIMARY KEY("batch_id","kind","part");
