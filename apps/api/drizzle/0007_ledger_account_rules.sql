-- Whether an account may go below zero becomes a flag on the account. Customers' wallets never
-- may; merchants' funding accounts and the expense/settlement system accounts may.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_customer_not_negative";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "allow_negative" boolean;--> statement-breakpoint
UPDATE "ledger_accounts" SET "allow_negative" = ("owner_type" = 'merchant' OR ("owner_type" = 'system' AND split_part("kind", ':', 1) IN ('bonus_expense', 'cashback_expense', 'giftcard_settlement')));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ALTER COLUMN "allow_negative" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_not_negative" CHECK ("ledger_accounts"."allow_negative" OR "ledger_accounts"."balance_cents" >= 0);--> statement-breakpoint
-- Each entry keeps the balance right after it, in the order entries were written.
ALTER TABLE "ledger_entries" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "balance_after_cents" bigint;--> statement-breakpoint
UPDATE "ledger_entries" e SET "balance_after_cents" = r."running" FROM (SELECT "id", sum("amount_cents") OVER (PARTITION BY "account_id" ORDER BY "seq") AS "running" FROM "ledger_entries") r WHERE r."id" = e."id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after_cents" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_seq_idx" ON "ledger_entries" USING btree ("account_id","seq");--> statement-breakpoint
DROP INDEX "ledger_entries_account_idx";--> statement-breakpoint
-- Transfers name what they are about generically instead of in refund-specific columns.
ALTER TABLE "ledger_transfers" ADD COLUMN "reference_kind" text;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD COLUMN "reference_id" uuid;--> statement-breakpoint
UPDATE "ledger_transfers" SET "reference_kind" = 'refund_return', "reference_id" = "return_id" WHERE "return_id" IS NOT NULL;--> statement-breakpoint
UPDATE "ledger_transfers" SET "reference_kind" = 'refund', "reference_id" = "refund_id" WHERE "return_id" IS NULL AND "refund_id" IS NOT NULL;--> statement-breakpoint
UPDATE "ledger_transfers" SET "reference_kind" = 'redemption', "reference_id" = substring("idempotency_key" from '^payout(?:-settle|-giveback)?:(.*)$')::uuid WHERE "reference_kind" IS NULL AND "idempotency_key" ~ '^payout(-settle|-giveback)?:[0-9a-f-]{36}$';--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP COLUMN "refund_id";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP COLUMN "return_id";--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_reference_whole" CHECK (("ledger_transfers"."reference_kind" IS NULL) = ("ledger_transfers"."reference_id" IS NULL));
