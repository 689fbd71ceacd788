CREATE TABLE "change_log_counts" (
	"trust_code" text NOT NULL,
	"audience" text NOT NULL,
	"entry_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "change_log_counts_trust_code_audience_pk" PRIMARY KEY("trust_code","audience")
);
--> statement-breakpoint
CREATE TABLE "trust_directory" (
	"trust_code" text PRIMARY KEY NOT NULL,
	"trust_name" text NOT NULL,
	"trust_role_description" text NOT NULL,
	"region" text NOT NULL,
	"region_code" text NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_counts" (
	"trust_code" text NOT NULL,
	"status" smallint NOT NULL,
	"user_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_trust_code_status_pk" PRIMARY KEY("trust_code","status")
);
--> statement-breakpoint
DROP INDEX "change_log_trust_created_on_idx";--> statement-breakpoint
ALTER TABLE "change_log" ADD COLUMN "audience" text DEFAULT 'trust' NOT NULL;--> statement-breakpoint
CREATE INDEX "change_log_trust_created_on_id_idx" ON "change_log" USING btree ("trust_code","created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "change_log_created_by_prefix_idx" ON "change_log" USING btree ((lower("created_by") collate "C"),"created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "change_log_trust_name_prefix_idx" ON "change_log" USING btree ((lower("trust_name") collate "C"));--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree ((lower("first_name" || ' ' || "last_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_trust_sort_name_idx" ON "users" USING btree ("trust_code",(lower("first_name" || ' ' || "last_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree ((lower("first_name") collate "C"));--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree ((lower("last_name") collate "C"));--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ((lower("email") collate "C"));