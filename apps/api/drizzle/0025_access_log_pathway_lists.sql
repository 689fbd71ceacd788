-- Decision 0042. One access-log row per answer that carried patients: a list page or an export
-- names all its pathways in one uuid[] (a GIN index finds every read of a pathway), with the route
-- that answered and a short detail (a page, a file name, an upload). The rows written before keep
-- their one pathway as a one-element list, and their route is the one their action was read by.
DROP INDEX "patient_access_log_pathway_idx";--> statement-breakpoint
ALTER TABLE "patient_access_log" ADD COLUMN "pathway_ids" uuid[];--> statement-breakpoint
ALTER TABLE "patient_access_log" ADD COLUMN "route" text;--> statement-breakpoint
ALTER TABLE "patient_access_log" ADD COLUMN "detail" text;--> statement-breakpoint
UPDATE "patient_access_log" SET "pathway_ids" = ARRAY["pathway_id"], "route" = CASE "action"
  WHEN 'lookup' THEN 'GET /api/trusts/:trust/patients'
  WHEN 'risk-summary' THEN 'GET /api/trusts/:trust/procedures/:type/patients/:id/risk-summary'
  WHEN 'summary-pdf' THEN 'GET /api/trusts/:trust/procedures/:type/patients/:id/risk-summary/export'
  WHEN 'history' THEN 'GET /api/trusts/:trust/procedures/:type/patients/:id/risk-summary/history'
  WHEN 'history-entry' THEN 'GET /api/trusts/:trust/procedures/:type/patients/:id/history/:historyId'
  WHEN 'history-pdf' THEN 'GET /api/trusts/:trust/procedures/:type/patients/:id/history/:historyId/export'
  WHEN 'record' THEN 'GET /api/trusts/:trust/procedures/:type/patients/:id'
  WHEN 'to-be-archived' THEN 'GET /api/trusts/:trust/waiting-list/procedures/:type/files/to-be-archived/'
  ELSE 'unknown' END;--> statement-breakpoint
ALTER TABLE "patient_access_log" ALTER COLUMN "pathway_ids" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_access_log" ALTER COLUMN "route" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_access_log" DROP COLUMN "pathway_id";--> statement-breakpoint
CREATE INDEX "patient_access_log_pathways_idx" ON "patient_access_log" USING gin ("pathway_ids");
