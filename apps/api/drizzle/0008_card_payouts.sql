CREATE TABLE "card_payouts" (
	"redemption_id" uuid PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"push_holder" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redemptions" DROP CONSTRAINT "redemptions_card_id_cards_id_fk";
--> statement-breakpoint
-- Each card redemption's card and push holder move to its own payout record; a push whose
-- answer was applied is no longer in flight.
INSERT INTO "card_payouts" ("redemption_id", "card_id", "push_holder", "created_at") SELECT "id", "card_id", CASE WHEN "status" = 'pending' THEN "push_holder" END, "created_at" FROM "redemptions" WHERE "card_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "redemptions_push_in_flight_idx";--> statement-breakpoint
ALTER TABLE "card_payouts" ADD CONSTRAINT "card_payouts_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payouts" ADD CONSTRAINT "card_payouts_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" DROP COLUMN "card_id";--> statement-breakpoint
ALTER TABLE "redemptions" DROP COLUMN "push_holder";