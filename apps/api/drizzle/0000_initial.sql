CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" uuid,
	"created_by" text NOT NULL,
	"trust_code" text,
	"trust_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"changes" jsonb
);
--> statement-breakpoint
CREATE TABLE "form_options" (
	"list_name" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "form_options_list_name_value_pk" PRIMARY KEY("list_name","value")
);
--> statement-breakpoint
CREATE TABLE "ml_models" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trust_code" text NOT NULL,
	"procedure_code" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"model_file" "bytea" NOT NULL,
	"wrapper_file" "bytea" NOT NULL,
	"model_sha256" text NOT NULL,
	"wrapper_sha256" text NOT NULL,
	"model_file_name" text NOT NULL,
	"wrapper_file_name" text NOT NULL,
	"model_type" text NOT NULL,
	"card" jsonb NOT NULL,
	"failure_reason" text,
	"uploaded_by_user_id" uuid,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusts" (
	"trust_code" text PRIMARY KEY NOT NULL,
	"trust_name" text NOT NULL,
	"trust_role_description" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"region_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"trust_tenant_id" text,
	"primary_contact_first_name" text DEFAULT '' NOT NULL,
	"primary_contact_last_name" text DEFAULT '' NOT NULL,
	"primary_contact_email" text DEFAULT '' NOT NULL,
	"primary_contact_tel_code" text DEFAULT '' NOT NULL,
	"primary_contact_tel_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role_code" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_code_pk" PRIMARY KEY("user_id","role_code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"trust_code" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"identity_issuer" text,
	"identity_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ml_models" ADD CONSTRAINT "ml_models_trust_code_trusts_trust_code_fk" FOREIGN KEY ("trust_code") REFERENCES "public"."trusts"("trust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ml_models" ADD CONSTRAINT "ml_models_procedure_code_procedures_code_fk" FOREIGN KEY ("procedure_code") REFERENCES "public"."procedures"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_code_roles_code_fk" FOREIGN KEY ("role_code") REFERENCES "public"."roles"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_trust_code_trusts_trust_code_fk" FOREIGN KEY ("trust_code") REFERENCES "public"."trusts"("trust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_log_created_on_idx" ON "change_log" USING btree ("created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "change_log_trust_created_on_idx" ON "change_log" USING btree ("trust_code","created_on" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ml_models_version_unique" ON "ml_models" USING btree ("trust_code","procedure_code","version");--> statement-breakpoint
CREATE UNIQUE INDEX "ml_models_one_active" ON "ml_models" USING btree ("trust_code","procedure_code") WHERE "ml_models"."is_active";--> statement-breakpoint
CREATE INDEX "ml_models_lookup_idx" ON "ml_models" USING btree ("trust_code","procedure_code");--> statement-breakpoint
CREATE UNIQUE INDEX "trusts_tenant_id_unique" ON "trusts" USING btree ("trust_tenant_id");--> statement-breakpoint
CREATE INDEX "trusts_name_idx" ON "trusts" USING btree ("trust_name");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_identity_unique" ON "users" USING btree ("identity_issuer","identity_subject");--> statement-breakpoint
CREATE INDEX "users_trust_idx" ON "users" USING btree ("trust_code");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"));