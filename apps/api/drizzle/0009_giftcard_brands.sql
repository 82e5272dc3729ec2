CREATE TABLE "giftcard_brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_brand_id" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"description" text NOT NULL,
	"terms" text NOT NULL,
	"categories" text[] NOT NULL,
	"denomination_type" text NOT NULL,
	"min_cents" integer,
	"max_cents" integer,
	"whole_dollars" boolean DEFAULT false NOT NULL,
	"fixed_cents" integer[],
	"discount_bps" integer NOT NULL,
	"cashback_bps" integer NOT NULL,
	"redeemable_online" boolean NOT NULL,
	"redeemable_in_store" boolean NOT NULL,
	"expiry_policy" text NOT NULL,
	"balance_check_url" text,
	"state" text NOT NULL,
	"artwork" jsonb NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"featured_rank" integer,
	"is_listed" boolean DEFAULT true NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giftcard_brands_denominations" CHECK (("giftcard_brands"."denomination_type" = 'open' and "giftcard_brands"."min_cents" > 0 and "giftcard_brands"."max_cents" >= "giftcard_brands"."min_cents")
        or ("giftcard_brands"."denomination_type" = 'fixed' and cardinality("giftcard_brands"."fixed_cents") > 0)),
	CONSTRAINT "giftcard_brands_cashback_within_discount" CHECK ("giftcard_brands"."cashback_bps" >= 0 and "giftcard_brands"."cashback_bps" <= "giftcard_brands"."discount_bps")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "giftcard_brands_provider_brand_id_key" ON "giftcard_brands" USING btree ("provider_brand_id");