CREATE TABLE "promotion_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion" text NOT NULL,
	"user_id" uuid NOT NULL,
	"device_hash" text,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"sponsor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_claims_positive" CHECK ("promotion_claims"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_user_key" ON "promotion_claims" USING btree ("promotion","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_device_key" ON "promotion_claims" USING btree ("promotion","device_hash");