ALTER TABLE "giftcard_brands" ADD COLUMN "expiry_type" text DEFAULT 'with_card' NOT NULL;--> statement-breakpoint
ALTER TABLE "giftcard_brands" ADD COLUMN "expiry_months" integer;--> statement-breakpoint
-- The brands synced before this read their expiry from its words; the next sync writes it anew.
UPDATE "giftcard_brands" SET "expiry_type" = 'never' WHERE "expiry_policy" = 'Does not expire';--> statement-breakpoint
UPDATE "giftcard_brands" SET "expiry_type" = 'after_issue', "expiry_months" = 60 WHERE "expiry_policy" = 'Expires 5 years after issue';--> statement-breakpoint
ALTER TABLE "giftcard_brands" ADD CONSTRAINT "giftcard_brands_expiry" CHECK (("giftcard_brands"."expiry_type" = 'after_issue' and "giftcard_brands"."expiry_months" > 0)
        or ("giftcard_brands"."expiry_type" in ('never', 'with_card') and "giftcard_brands"."expiry_months" is null));