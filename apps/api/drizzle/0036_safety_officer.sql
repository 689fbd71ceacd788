-- A clinical safety officer in the loop (docs/decisions/0060-clinical-safety-officer.md), outcomes
-- judged once their follow-up is complete (0059) and CUSUM signals acknowledged (0061).
--
-- The role_mask column of migration 0006 gains the bit of the new role (cso 64): PostgreSQL 15
-- cannot change a generated column's expression, so it is dropped and added again, which drops the
-- covering indexes that carry it (migrations 0006 and 0008); they are made again below as they were.
CREATE TABLE "cusum_signal_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"direction" text NOT NULL,
	"signalled_on" date NOT NULL,
	"note" text NOT NULL,
	"acknowledged_by" text NOT NULL,
	"acknowledged_by_user_id" uuid,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prediction_suspensions" (
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"reason" text NOT NULL,
	"suspended_by" text NOT NULL,
	"suspended_by_user_id" uuid,
	"suspended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prediction_suspensions_trust_code_procedure_code_pk" PRIMARY KEY("trust_code","procedure_code")
);
--> statement-breakpoint
ALTER TABLE "pathway_outcomes" ALTER COLUMN "complication_90_days" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" drop column "role_mask";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_mask" integer GENERATED ALWAYS AS ((CASE WHEN 'sa' = ANY ("users"."role_codes") THEN 1 ELSE 0 END) | (CASE WHEN 'ta' = ANY ("users"."role_codes") THEN 2 ELSE 0 END) | (CASE WHEN 'cu' = ANY ("users"."role_codes") THEN 4 ELSE 0 END) | (CASE WHEN 'cl' = ANY ("users"."role_codes") THEN 8 ELSE 0 END) | (CASE WHEN 'tca' = ANY ("users"."role_codes") THEN 16 ELSE 0 END) | (CASE WHEN 'wa' = ANY ("users"."role_codes") THEN 32 ELSE 0 END) | (CASE WHEN 'cso' = ANY ("users"."role_codes") THEN 64 ELSE 0 END)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "outcome_horizon_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "proposed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "proposed_by" text;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "declined_by" text;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "cusum_target_run_length" integer;--> statement-breakpoint
ALTER TABLE "cusum_signal_reviews" ADD CONSTRAINT "cusum_signal_reviews_trust_code_trusts_trust_code_fk" FOREIGN KEY ("trust_code") REFERENCES "public"."trusts"("trust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cusum_signal_reviews" ADD CONSTRAINT "cusum_signal_reviews_procedure_code_procedures_code_fk" FOREIGN KEY ("procedure_code") REFERENCES "public"."procedures"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_suspensions" ADD CONSTRAINT "prediction_suspensions_trust_code_trusts_trust_code_fk" FOREIGN KEY ("trust_code") REFERENCES "public"."trusts"("trust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_suspensions" ADD CONSTRAINT "prediction_suspensions_procedure_code_procedures_code_fk" FOREIGN KEY ("procedure_code") REFERENCES "public"."procedures"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cusum_signal_reviews_signal_unique" ON "cusum_signal_reviews" USING btree ("trust_code","procedure_code","direction","signalled_on");--> statement-breakpoint
ALTER TABLE "trusts" DROP COLUMN "cusum_threshold";
--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree ((lower("first_name" || ' ' || "last_name") collate "C"), "id")
  INCLUDE ("first_name", "last_name", "trust_code", "status", "role_mask");
--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree ((lower("last_name") collate "C"))
  INCLUDE ("id", "first_name", "last_name", "trust_code", "status", "role_mask");
--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ((lower("email") collate "C"))
  INCLUDE ("id", "email", "first_name", "last_name", "trust_code", "status", "role_mask");
--> statement-breakpoint
CREATE INDEX "users_status_sort_name_idx" ON "users" USING btree ("status", (lower("first_name" || ' ' || "last_name") collate "C"), "id")
  INCLUDE ("first_name", "last_name", "trust_code", "role_mask");
--> statement-breakpoint
DO $$ BEGIN IF EXISTS (SELECT 1 FROM "users") THEN ANALYZE "users"; END IF; END $$;
--> statement-breakpoint
-- A recalibrated version no one had activated becomes a proposal of its maker's, awaiting approval.
UPDATE "ml_models" SET "status" = 'awaiting approval', "proposed_by" = "uploaded_by",
  "proposed_by_user_id" = "uploaded_by_user_id", "proposed_at" = "uploaded_at"
WHERE "status" = 'awaiting activation';
