-- Decision 0039. Each evaluation keeps the pathway's consultant surgeon, readiness for surgery and
-- social aspects as they were when it was made, and says it kept them: the evaluations made before
-- take false, so a past evaluation never shows today's values as its own. The reason given when a
-- result is flagged as an anomaly is kept with the flag.
ALTER TABLE "evaluations" ADD COLUMN "surgeon_name" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "surgery" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "social" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "surgical_risk_factors_kept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "anomaly_reason" text;