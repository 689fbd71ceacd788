CREATE TABLE "import_identity_conflicts" (
	"batch_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"pathway_id" uuid NOT NULL,
	"date_of_birth" date NOT NULL,
	"local_patient_identifier" text,
	CONSTRAINT "import_identity_conflicts_batch_id_row_number_pk" PRIMARY KEY("batch_id","row_number")
);
--> statement-breakpoint
ALTER TABLE "received_lab_results" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "accepted_date_of_birth" date;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "lab_messages_without_birth_date" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_identity_conflicts" ADD CONSTRAINT "import_identity_conflicts_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_identity_conflicts_pathway_idx" ON "import_identity_conflicts" USING btree ("pathway_id");