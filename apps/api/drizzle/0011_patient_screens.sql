-- Patient screens (docs/decisions/0025-patient-screens.md): the access log records every read of a
-- patient's data, and each scoring run keeps the mean predicted probability of the list, which the
-- risk summary shows beside the patient's own.
CREATE TABLE "patient_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"roles" text NOT NULL,
	"trust_code" text NOT NULL,
	"pathway_id" uuid NOT NULL,
	"action" text NOT NULL,
	"evaluation_id" uuid
);
--> statement-breakpoint
ALTER TABLE "inference_runs" ADD COLUMN "average_probability" double precision;--> statement-breakpoint
CREATE INDEX "patient_access_log_pathway_idx" ON "patient_access_log" USING btree ("pathway_id","accessed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "patient_access_log_trust_idx" ON "patient_access_log" USING btree ("trust_code","accessed_at" DESC NULLS LAST);