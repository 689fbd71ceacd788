CREATE TABLE "evaluations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pathway_id" uuid NOT NULL,
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"model_id" uuid NOT NULL,
	"model_version" integer NOT NULL,
	"model_name" text NOT NULL,
	"model_card_version" text NOT NULL,
	"demonstration" boolean NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"probability" double precision NOT NULL,
	"prediction" text NOT NULL,
	"is_default_value_used" boolean NOT NULL,
	"defaulted_features" jsonb NOT NULL,
	"feature_importance" jsonb NOT NULL,
	"contributions" jsonb NOT NULL,
	"areas_of_improvement" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"is_anomaly" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"status" text NOT NULL,
	"created_by_user_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"waiting_list_file_name" text NOT NULL,
	"waiting_list_sha256" text NOT NULL,
	"waiting_list_bytes" integer NOT NULL,
	"waiting_list_status" text DEFAULT 'VALIDATING' NOT NULL,
	"waiting_list_result" jsonb,
	"blood_test_file_name" text NOT NULL,
	"blood_test_sha256" text NOT NULL,
	"blood_test_bytes" integer NOT NULL,
	"blood_test_status" text DEFAULT 'VALIDATING' NOT NULL,
	"blood_test_result" jsonb,
	"pathways_without_bloods" integer,
	"bloods_without_pathway" integer,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decided_by_user_id" uuid,
	"created_count" integer,
	"updated_count" integer,
	"archived_count" integer,
	"auto_confirm" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_files" (
	"batch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "import_files_batch_id_kind_pk" PRIMARY KEY("batch_id","kind")
);
--> statement-breakpoint
CREATE TABLE "import_row_issues" (
	"batch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"row_number" integer NOT NULL,
	"errors" jsonb NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "import_row_issues_batch_id_kind_row_number_pk" PRIMARY KEY("batch_id","kind","row_number")
);
--> statement-breakpoint
CREATE TABLE "staged_pathways" (
	"batch_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"nhs_number" text,
	"local_patient_identifier" text,
	"record" jsonb NOT NULL,
	"pathway_id" uuid,
	CONSTRAINT "staged_pathways_batch_id_row_number_pk" PRIMARY KEY("batch_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "inference_runs" (
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"last_run" timestamp with time zone NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pathways" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"nhs_number" text,
	"local_patient_identifier" text,
	"first_name" text,
	"last_name" text,
	"date_of_birth" date,
	"operation_type" text NOT NULL,
	"referral_date" date,
	"tci_date" date,
	"surgeon_name" text,
	"priority" text,
	"surgery" text,
	"social" text,
	"clinical" jsonb NOT NULL,
	"lab_dates" jsonb,
	"inputs_hash" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"prediction" text,
	"probability" double precision,
	"current_evaluation_id" uuid,
	"scored_model_id" uuid,
	"failed_fields" jsonb,
	"failure_reason" text,
	"processed_at" timestamp with time zone,
	"first_batch_id" uuid,
	"last_batch_id" uuid,
	"date_removed" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_pathway_id_pathways_id_fk" FOREIGN KEY ("pathway_id") REFERENCES "public"."pathways"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_trust_code_trusts_trust_code_fk" FOREIGN KEY ("trust_code") REFERENCES "public"."trusts"("trust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_procedure_code_procedures_code_fk" FOREIGN KEY ("procedure_code") REFERENCES "public"."procedures"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_row_issues" ADD CONSTRAINT "import_row_issues_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD CONSTRAINT "staged_pathways_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathways" ADD CONSTRAINT "pathways_trust_code_trusts_trust_code_fk" FOREIGN KEY ("trust_code") REFERENCES "public"."trusts"("trust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathways" ADD CONSTRAINT "pathways_procedure_code_procedures_code_fk" FOREIGN KEY ("procedure_code") REFERENCES "public"."procedures"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluations_pathway_idx" ON "evaluations" USING btree ("pathway_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_batches_history_idx" ON "import_batches" USING btree ("trust_code","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "import_batches_procedure_idx" ON "import_batches" USING btree ("trust_code","procedure_code","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "inference_runs_key" ON "inference_runs" USING btree ("trust_code","procedure_code");--> statement-breakpoint
CREATE UNIQUE INDEX "pathways_active_nhs_unique" ON "pathways" USING btree ("trust_code","procedure_code","nhs_number") WHERE "pathways"."is_active" and "pathways"."nhs_number" is not null;--> statement-breakpoint
CREATE INDEX "pathways_active_local_idx" ON "pathways" USING btree ("trust_code","procedure_code","local_patient_identifier") WHERE "pathways"."is_active";--> statement-breakpoint
CREATE INDEX "pathways_list_idx" ON "pathways" USING btree ("trust_code","procedure_code","is_active","status","prediction");--> statement-breakpoint
CREATE INDEX "pathways_nhs_lookup_idx" ON "pathways" USING btree ("trust_code","nhs_number");--> statement-breakpoint
CREATE INDEX "pathways_local_lookup_idx" ON "pathways" USING btree ("trust_code","local_patient_identifier");