CREATE TABLE "giftcard_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"cashback_bps" integer NOT NULL,
	"cashback_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giftcard_quotes_amount_positive" CHECK ("giftcard_quotes"."amount_cents" > 0),
	CONSTRAINT "giftcard_quotes_cashback_within_amount" CHECK ("giftcard_quotes"."cashback_cents" >= 0 and "giftcard_quotes"."cashback_cents" <= "giftcard_quotes"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "giftcard_quotes" ADD CONSTRAINT "giftcard_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giftcard_quotes" ADD CONSTRAINT "giftcard_quotes_brand_id_giftcard_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."giftcard_brands"("id") ON DELETE no action ON UPDATE no action;