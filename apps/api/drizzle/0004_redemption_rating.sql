ALTER TABLE "redemptions" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_rating_range" CHECK ("redemptions"."rating" IS NULL OR "redemptions"."rating" BETWEEN 1 AND 5);