CREATE TABLE "integration_clients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"trust_code" text NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"integration_client_id" uuid NOT NULL,
	"trust_code" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"format" text NOT NULL,
	"message_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"outcome" text NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"ignored" integer DEFAULT 0 NOT NULL,
	"changed_pathway_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"detail" text,
	"response_status" integer NOT NULL,
	"response_type" text NOT NULL,
	"response_body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_lab_results" (
	"id" uuid PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"trust_code" text NOT NULL,
	"nhs_number" text,
	"local_patient_identifier" text,
	"lab" text NOT NULL,
	"value" double precision NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"taken_on" date NOT NULL,
	"status" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_clients" ADD CONSTRAINT "integration_clients_trust_code_trusts_trust_code_fk" FOREIGN KEY ("trust_code") REFERENCES "public"."trusts"("trust_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_messages" ADD CONSTRAINT "integration_messages_integration_client_id_integration_clients_id_fk" FOREIGN KEY ("integration_client_id") REFERENCES "public"."integration_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_lab_results" ADD CONSTRAINT "received_lab_results_message_id_integration_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."integration_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_clients_issuer_client_idx" ON "integration_clients" USING btree ("issuer","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_messages_content_idx" ON "integration_messages" USING btree ("integration_client_id","content_hash");--> statement-breakpoint
CREATE INDEX "integration_messages_trust_idx" ON "integration_messages" USING btree ("trust_code","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "received_lab_results_nhs_idx" ON "received_lab_results" USING btree ("trust_code","nhs_number");--> statement-breakpoint
CREATE INDEX "received_lab_results_local_idx" ON "received_lab_results" USING btree ("trust_code","local_patient_identifier");--> statement-breakpoint
CREATE INDEX "received_lab_results_expiry_idx" ON "received_lab_results" USING btree ("expires_at");