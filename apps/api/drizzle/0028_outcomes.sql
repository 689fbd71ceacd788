CREATE TABLE "outcome_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"status" text NOT NULL,
	"created_by_user_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"file_status" text DEFAULT 'VALIDATING' NOT NULL,
	"file_result" jsonb,
	"matched" integer,
	"unmatched" integer,
	"changes" jsonb,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decided_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "outcome_files" (
	"batch_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "outcome_files_batch_id_part_pk" PRIMARY KEY("batch_id","part")
);
--> statement-breakpoint
CREATE TABLE "outcome_versions" (
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "outcome_versions_trust_code_procedure_code_pk" PRIMARY KEY("trust_code","procedure_code")
);
--> statement-breakpoint
CREATE TABLE "pathway_outcomes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pathway_id" uuid NOT NULL,
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"is_current" boolean NOT NULL,
	"date_of_operation" date NOT NULL,
	"complication_90_days" boolean NOT NULL,
	"complication_type" text,
	"readmission_30_days" boolean,
	"length_of_stay_days" double precision,
	"death_90_days" boolean,
	"source" text NOT NULL,
	"batch_id" uuid,
	"file_name" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" text NOT NULL,
	"user_id" uuid,
	"evaluation_id" uuid,
	"model_id" uuid,
	"model_version" integer,
	"probability" double precision,
	"prediction" text,
	"evaluated_at" timestamp with time zone,
	"sex" text,
	"ethnic_group" text,
	"age_band" text,
	"adjusted_prediction" text
);
--> statement-breakpoint
CREATE TABLE "staged_outcomes" (
	"batch_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"pathway_id" uuid NOT NULL,
	"date_of_operation" date NOT NULL,
	"complication_90_days" boolean NOT NULL,
	"complication_type" text,
	"readmission_30_days" boolean,
	"length_of_stay_days" double precision,
	"death_90_days" boolean,
	CONSTRAINT "staged_outcomes_batch_id_row_number_pk" PRIMARY KEY("batch_id","row_number")
);
--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "date_of_operation" date;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "cusum_threshold" double precision;--> statement-breakpoint
ALTER TABLE "outcome_batches" ADD CONSTRAINT "outcome_batches_trust_code_trusts_trust_code_fk" FOREIGN KEY ("trust_code") REFERENCES "public"."trusts"("trust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_batches" ADD CONSTRAINT "outcome_batches_procedure_code_procedures_code_fk" FOREIGN KEY ("procedure_code") REFERENCES "public"."procedures"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_files" ADD CONSTRAINT "outcome_files_batch_id_outcome_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."outcome_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_versions" ADD CONSTRAINT "outcome_versions_trust_code_trusts_trust_code_fk" FOREIGN KEY ("trust_code") REFERENCES "public"."trusts"("trust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_versions" ADD CONSTRAINT "outcome_versions_procedure_code_procedures_code_fk" FOREIGN KEY ("procedure_code") REFERENCES "public"."procedures"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_outcomes" ADD CONSTRAINT "pathway_outcomes_pathway_id_pathways_id_fk" FOREIGN KEY ("pathway_id") REFERENCES "public"."pathways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_outcomes" ADD CONSTRAINT "pathway_outcomes_trust_code_trusts_trust_code_fk" FOREIGN KEY ("trust_code") REFERENCES "public"."trusts"("trust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathway_outcomes" ADD CONSTRAINT "pathway_outcomes_procedure_code_procedures_code_fk" FOREIGN KEY ("procedure_code") REFERENCES "public"."procedures"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_outcomes" ADD CONSTRAINT "staged_outcomes_batch_id_outcome_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."outcome_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outcome_batches_procedure_idx" ON "outcome_batches" USING btree ("trust_code","procedure_code","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pathway_outcomes_pathway_idx" ON "pathway_outcomes" USING btree ("pathway_id","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pathway_outcomes_current_idx" ON "pathway_outcomes" USING btree ("trust_code","procedure_code","date_of_operation") WHERE "pathway_outcomes"."is_current";