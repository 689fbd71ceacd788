-- The number of pathways to be archived that the clerk typed to confirm an upload that would take a
-- large share of the list off it, for the change log (docs/decisions/0053-archive-warning-on-confirm.md).
ALTER TABLE "import_batches" ADD COLUMN "archive_acknowledged" integer;
