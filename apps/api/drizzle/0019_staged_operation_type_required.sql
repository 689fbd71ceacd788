-- Every staged row has its operation type (the reading refuses a row without one), as every pathway does.
ALTER TABLE "staged_pathways" ALTER COLUMN "operation_type" SET NOT NULL;