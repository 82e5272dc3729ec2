DROP INDEX "otp_sends_destination_idx";--> statement-breakpoint
ALTER TABLE "otp_sends" ADD COLUMN "allowance" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
CREATE INDEX "otp_sends_destination_allowance_idx" ON "otp_sends" USING btree ("destination","allowance","created_at");