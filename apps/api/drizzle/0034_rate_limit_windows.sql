CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"window_ms" integer NOT NULL,
	"hits" integer NOT NULL
);
