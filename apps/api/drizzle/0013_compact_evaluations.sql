-- An evaluation stores its explanation compactly (docs/decisions/0028-scoring-in-the-confirm.md):
-- each feature's contribution in the model's feature order, and the day the record was read on. The
-- factors, advice and defaults shown are rebuilt from them, the record and the model version when
-- read. Evaluations stored before keep their explanation as it was written.
ALTER TABLE "evaluations" ALTER COLUMN "defaulted_features" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ALTER COLUMN "feature_importance" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ALTER COLUMN "contributions" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ALTER COLUMN "areas_of_improvement" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "feature_contributions" double precision[];--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "evaluation_date" date;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_explanation_stored" CHECK ("evaluations"."feature_contributions" is not null or ("evaluations"."feature_importance" is not null and "evaluations"."contributions" is not null and "evaluations"."areas_of_improvement" is not null));