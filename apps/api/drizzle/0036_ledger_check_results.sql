CREATE TABLE "ledger_check_results" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_check_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"problems" jsonb NOT NULL,
	"took_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_check_results_checked_at_idx" ON "ledger_check_results" USING btree ("checked_at");