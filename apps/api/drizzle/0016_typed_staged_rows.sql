ALTER TABLE "staged_pathways" ALTER COLUMN "record" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "operation_type" text;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "referral_date" date;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "tci_date" date;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "surgeon_name" text;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "priority" text;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "surgery" text;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "social" text;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "clinical" jsonb;--> statement-breakpoint
ALTER TABLE "staged_pathways" ADD COLUMN "lab_dates" jsonb;--> statement-breakpoint
-- Staged rows keep the list fields in columns of their own, as the pathways table has them
-- (docs/decisions/0029-import-staging-and-upload-speed.md): rows staged before are moved across.
UPDATE "staged_pathways" SET
  "first_name" = "record"->>'firstName',
  "last_name" = "record"->>'lastName',
  "date_of_birth" = ("record"->>'dateOfBirth')::date,
  "operation_type" = "record"->>'operationType',
  "referral_date" = ("record"->>'referralDate')::date,
  "tci_date" = ("record"->>'tciDate')::date,
  "surgeon_name" = "record"->>'surgeonName',
  "priority" = "record"->>'priority',
  "surgery" = "record"->>'surgery',
  "social" = "record"->>'social',
  "clinical" = "record"->'clinical',
  "lab_dates" = coalesce("record"->'labDates', '{}'::jsonb)
WHERE "record" IS NOT NULL;
