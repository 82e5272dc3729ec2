CREATE TABLE "giftcard_orders" (
	"redemption_id" uuid PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"provider_brand_id" text NOT NULL,
	"cashback_cents" integer NOT NULL,
	"discount_bps" integer NOT NULL,
	"reward_reference_id" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"issuer_order_id" text,
	"sealed_credentials" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "giftcard_orders" ADD CONSTRAINT "giftcard_orders_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giftcard_orders" ADD CONSTRAINT "giftcard_orders_quote_id_giftcard_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."giftcard_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giftcard_orders" ADD CONSTRAINT "giftcard_orders_brand_id_giftcard_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."giftcard_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "giftcard_orders_quote_key" ON "giftcard_orders" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "giftcard_orders_reward_reference_key" ON "giftcard_orders" USING btree ("reward_reference_id");