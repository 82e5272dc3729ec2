ALTER TABLE "giftcard_orders" ADD COLUMN "reward_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "giftcard_quotes" ADD COLUMN "reward_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "giftcard_quotes" ADD COLUMN "reward_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "giftcard_quotes" ADD CONSTRAINT "giftcard_quotes_reward_within_amount" CHECK ("giftcard_quotes"."reward_cents" >= 0 and "giftcard_quotes"."reward_cents" <= "giftcard_quotes"."amount_cents");