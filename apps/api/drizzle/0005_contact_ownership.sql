DROP INDEX "users_email_key";--> statement-breakpoint
ALTER TABLE "otp_sends" ALTER COLUMN "ip" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "original_method_user_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "original_method_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_original_method_user_id_users_id_fk" FOREIGN KEY ("original_method_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_original_method_by_idx" ON "refunds" USING btree ("original_method_user_id","original_method_at","id");--> statement-breakpoint
CREATE INDEX "refunds_pending_phone_idx" ON "refunds" USING btree ("customer_phone") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "refunds_pending_email_idx" ON "refunds" USING btree ("customer_email") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_key" ON "users" USING btree ("email") WHERE "users"."email_verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
-- Refunds sent back to the original payment method before the choice needed a signed-in owner:
-- they belong to the account holding the refund's phone, else its verified email. When the
-- choice was made was not recorded; the refund's creation stands in for it.
UPDATE "refunds" AS r SET
  "original_method_user_id" = coalesce(
    (SELECT u."id" FROM "users" u WHERE u."phone_number" = r."customer_phone"),
    (SELECT u."id" FROM "users" u WHERE u."email" = r."customer_email" AND u."email_verified_at" IS NOT NULL)
  ),
  "original_method_at" = r."created_at"
WHERE r."status" = 'original_method' AND r."original_method_user_id" IS NULL;
