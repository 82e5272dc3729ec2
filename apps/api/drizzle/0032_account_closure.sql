ALTER TABLE "users" DROP CONSTRAINT "users_phone_number_digits";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_number_digits" CHECK ("users"."phone_number" ~ '^[0-9]{10}$' OR ("users"."closed_at" IS NOT NULL AND "users"."phone_number" = 'closed:' || "users"."id"));