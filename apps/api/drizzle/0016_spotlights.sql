CREATE TABLE "spotlights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"image_file_key" uuid NOT NULL,
	"logo_file_key" uuid,
	"button_url" text,
	"button_text" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spotlights_button_whole" CHECK (("spotlights"."button_url" is null) = ("spotlights"."button_text" is null)),
	CONSTRAINT "spotlights_ends_after_start" CHECK ("spotlights"."ends_at" is null or "spotlights"."ends_at" >= "spotlights"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "spotlights" ADD CONSTRAINT "spotlights_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotlights" ADD CONSTRAINT "spotlights_image_file_key_files_key_fk" FOREIGN KEY ("image_file_key") REFERENCES "public"."files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotlights" ADD CONSTRAINT "spotlights_logo_file_key_files_key_fk" FOREIGN KEY ("logo_file_key") REFERENCES "public"."files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spotlights_merchant_idempotency_key" ON "spotlights" USING btree ("merchant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "spotlights_merchant_created_idx" ON "spotlights" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "spotlights_starts_idx" ON "spotlights" USING btree ("starts_at","created_at","id");