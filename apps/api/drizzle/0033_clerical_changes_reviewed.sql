-- Changes by non-clinicians made visible to clinicians (docs/decisions/0056-changes-by-clerical-staff-reviewed.md).
-- Each evaluation keeps why a flag on it was removed, by whom and when; and whether a remodel by
-- someone acting as Clerical User made it, with the clinician who reviewed it and when. The pathway
-- keeps, for the worklist's flags (read from the pathway alone, as the others are), when the earliest
-- unreviewed clerical change was made, and the P1a, P1b or P2 priority a postponement at the
-- patient's request replaced, with its date, until a clinician decides the priority. Every column is
-- null or false for what came before: nothing waits for review.
ALTER TABLE "evaluations" ADD COLUMN "anomaly_removed_reason" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "anomaly_removed_by" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "anomaly_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "clerical_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "clerical_change_unreviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "postponed_from_priority" text;--> statement-breakpoint
ALTER TABLE "pathways" ADD COLUMN "postponed_from_priority_date" date;
