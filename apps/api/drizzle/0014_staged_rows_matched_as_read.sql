-- A confirm matches each staged row to the active pathway it updates as it reads the row
-- (docs/decisions/0028-scoring-in-the-confirm.md), so the match is no longer written to the staged row.
ALTER TABLE "staged_pathways" DROP COLUMN "pathway_id";