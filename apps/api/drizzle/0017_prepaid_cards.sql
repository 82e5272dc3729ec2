CREATE TABLE "prepaid_cardholders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer_cardholder_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"line_1" text NOT NULL,
	"line_2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zipcode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prepaid_cards" (
	"redemption_id" uuid PRIMARY KEY NOT NULL,
	"cardholder_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"loaded_cents" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"issuer_card_id" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"balance_cents" integer,
	"balance_updated_at" timestamp with time zone,
	"failure_reason" text,
	"issued_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prepaid_cardholders" ADD CONSTRAINT "prepaid_cardholders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD CONSTRAINT "prepaid_cards_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD CONSTRAINT "prepaid_cards_cardholder_id_prepaid_cardholders_id_fk" FOREIGN KEY ("cardholder_id") REFERENCES "public"."prepaid_cardholders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_cards" ADD CONSTRAINT "prepaid_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prepaid_cardholders_user_key" ON "prepaid_cardholders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prepaid_cards_user_created_idx" ON "prepaid_cards" USING btree ("user_id","created_at","redemption_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepaid_cards_issuer_card_key" ON "prepaid_cards" USING btree ("issuer_card_id");