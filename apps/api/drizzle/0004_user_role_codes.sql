ALTER TABLE "users" ADD COLUMN "role_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "users_role_codes_idx" ON "users" USING gin ("role_codes");