-- Two fewer indexes for every pathway a confirm writes (docs/decisions/0029-import-staging-and-upload-speed.md):
-- a pathway matched by its local identifier is found through pathways_local_lookup_idx, and only
-- the busy status asks for a list's waiting pathways, which a partial index answers.
DROP INDEX "pathways_active_local_idx";--> statement-breakpoint
DROP INDEX "pathways_list_idx";--> statement-breakpoint
CREATE INDEX "pathways_waiting_idx" ON "pathways" USING btree ("trust_code","procedure_code") WHERE "pathways"."is_active" and "pathways"."status" = 'waiting';