CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"vault_token" text NOT NULL,
	"brand" text NOT NULL,
	"funding" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"name_on_card" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"redemption_id" uuid NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"mode" text NOT NULL,
	"card_id" uuid,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"network_reference" text,
	"failure_reason" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "redemptions_amount_positive" CHECK ("redemptions"."amount_cents" > 0),
	CONSTRAINT "redemptions_fee_range" CHECK ("redemptions"."fee_cents" >= 0 AND "redemptions"."fee_cents" < "redemptions"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "vault_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"sealed_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_vault_token_vault_cards_token_fk" FOREIGN KEY ("vault_token") REFERENCES "public"."vault_cards"("token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_events" ADD CONSTRAINT "payout_events_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_user_idx" ON "cards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_user_idempotency_key" ON "redemptions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "redemptions_user_created_idx" ON "redemptions" USING btree ("user_id","created_at","id");