ALTER TABLE "trusts" ADD COLUMN "extract_every_days" integer;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "feed_silence_hours" integer;