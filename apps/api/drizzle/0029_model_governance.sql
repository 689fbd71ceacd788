ALTER TABLE "ml_models" ADD COLUMN "activated_by" text;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "activated_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "base_model_id" uuid;--> statement-breakpoint
ALTER TABLE "ml_models" ADD COLUMN "recalibration" jsonb;