CREATE TABLE "giftcard_credential_openings" (
	"redemption_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "giftcard_credential_openings" ADD CONSTRAINT "giftcard_credential_openings_redemption_id_giftcard_orders_redemption_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."giftcard_orders"("redemption_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "giftcard_credential_openings_key" ON "giftcard_credential_openings" USING btree ("redemption_id","device_hash");