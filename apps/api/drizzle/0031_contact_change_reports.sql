CREATE TABLE "contact_change_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"previous_value" text NOT NULL,
	"new_value" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdrawals_paused" text;--> statement-breakpoint
ALTER TABLE "contact_change_notices" ADD CONSTRAINT "contact_change_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_change_notices_token_hash_key" ON "contact_change_notices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contact_change_notices_user_id_idx" ON "contact_change_notices" USING btree ("user_id");