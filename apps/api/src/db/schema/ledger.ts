import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Ledger accounts. Whether an account may go below zero is a flag on the account, set when it is
 * made from its kind (ledger-accounts.ts) and enforced here, not only in code: a customer's
 * wallet never may, a merchant's funding account and the expense accounts may. Balances are
 * integer cents.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerType: text('owner_type', { enum: ['customer', 'merchant', 'system'] }).notNull(),
    ownerId: uuid('owner_id'),
    kind: text('kind').notNull(),
    allowNegative: boolean('allow_negative').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_kind_key').on(t.ownerType, t.ownerId, t.kind).nullsNotDistinct(),
    check('ledger_accounts_not_negative', sql`${t.allowNegative} OR ${t.balanceCents} >= 0`),
  ],
);

/**
 * A set of entries that sum to zero, written once per idempotency key. It names what it is about
 * generically (a reference kind and id: a refund, a return, a redemption...).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    referenceKind: text('reference_kind'),
    referenceId: uuid('reference_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // No index on the reference: only the ledger check reads by it (a scan), and every transfer
    // would pay for one.
    uniqueIndex('ledger_transfers_idempotency_key').on(t.idempotencyKey),
    check(
      'ledger_transfers_reference_whole',
      sql`(${t.referenceKind} IS NULL) = (${t.referenceId} IS NULL)`,
    ),
  ],
);

/**
 * One account's side of a transfer. `seq` orders an account's entries as they were written (the
 * account's row lock serialises them), and `balance_after_cents` is the account's balance right
 * after the entry, so any history row can show a running balance and a drift is found at the row
 * where it starts.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // An account's history in the order its balance moved.
    index('ledger_entries_account_seq_idx').on(t.accountId, t.seq),
    index('ledger_entries_transfer_idx').on(t.transferId),
    check('ledger_entries_not_zero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * The result of each periodic ledger check (features/ledger/ledger-check-schedule.ts): when it
 * ran, whether every invariant held, and how many of each kind of problem it found, so that
 * metrics can show the latest without reading the whole ledger at every scrape.
 */
export const ledgerCheckResults = pgTable(
  'ledger_check_results',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    /** Problems by kind (the report's field names), each a count. */
    problems: jsonb('problems').$type<Record<string, number>>().notNull(),
    tookMs: integer('took_ms').notNull(),
  },
  (t) => [index('ledger_check_results_checked_at_idx').on(t.checkedAt)],
);
