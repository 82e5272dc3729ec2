DROP INDEX "users_email_key";--> statement-breakpoint
ALTER TABLE "otp_sends" ALTER COLUMN "ip" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_key" ON "users" USING btree ("email") WHERE "users"."email_verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");