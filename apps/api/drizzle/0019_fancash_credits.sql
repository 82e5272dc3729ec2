CREATE TABLE "fancash_credits" (
	"redemption_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"fan_id" text NOT NULL,
	"display_name" text NOT NULL,
	"credit_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"credit_id" text,
	"failure_reason" text,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fancash_credits_positive" CHECK ("fancash_credits"."credit_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "fancash_links" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "fancash_credits" ADD CONSTRAINT "fancash_credits_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fancash_credits" ADD CONSTRAINT "fancash_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fancash_credits_user_created_idx" ON "fancash_credits" USING btree ("user_id","created_at","redemption_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fancash_links_id_key" ON "fancash_links" USING btree ("id");