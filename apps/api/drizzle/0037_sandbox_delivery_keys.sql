ALTER TABLE "sandbox_messages" ADD COLUMN "delivery_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_messages_delivery_key_idx" ON "sandbox_messages" USING btree ("delivery_key");