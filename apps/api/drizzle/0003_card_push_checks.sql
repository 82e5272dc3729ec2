CREATE TABLE "card_push_checks" (
	"redemption_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL,
	"last_result" text,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_pushes" (
	"reference" text PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"network_reference" text,
	"reason" text,
	"lookups" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_push_checks" ADD CONSTRAINT "card_push_checks_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redemptions_pending_debit_idx" ON "redemptions" USING btree ("created_at") WHERE "redemptions"."status" = 'pending' AND "redemptions"."mode" = 'debit';