import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database';
import { ledgerAccounts, users } from '../../src/db/schema';

/**
 * A customer with a long history, written straight into the tables in a few statements: claimed
 * refunds (one available return each, as a claim leaves them), one second apart, newest first
 * from `newest`. For tests and benchmarks that need thousands or millions of rows.
 *
 * With `ledger`, each claim is also in the ledger as a claim posts it: a transfer from the
 * merchant's funding account to the customer's available balance, its two entries written oldest
 * first with their running balances, and both accounts' balances moved by the total, so the
 * balance, the statement and the ledger check read what a customer with that many claims would
 * have. Without it the ledger is not touched and the balance stays what it was.
 */
export async function seedRefundHistory(
  db: Db,
  options: {
    merchantId: string;
    userId: string;
    email: string;
    count: number;
    newest: Date;
    ledger?: boolean;
  },
): Promise<void> {
  const { merchantId, userId, email, count, newest } = options;
  const accounts = options.ledger ? await claimAccounts(db, merchantId, userId) : null;
  // Batches keep each statement's memory bounded when the count is in the millions. They are
  // written oldest first, so ledger entries are numbered in the order the money moved.
  const batch = 200_000;
  for (let to = count; to >= 1; to -= batch) {
    const from = Math.max(1, to - batch + 1);
    const made = sql`
      insert into refunds (
          merchant_id, idempotency_key, request_hash, customer_first_name, customer_last_name,
          customer_email, order_number, description, amount_cents, status, expires_at,
          claimed_by_user_id, claimed_at, created_at)
        select ${merchantId}::uuid, ${userId}::text || '-' || g, 'seeded', 'Seeded', 'Customer',
          ${email}, 'SEED-' || g, 'Seeded refund', ${CENTS}, 'claimed',
          ${newest.toISOString()}::timestamptz + interval '30 days',
          ${userId}::uuid,
          ${newest.toISOString()}::timestamptz - g * interval '1 second',
          ${newest.toISOString()}::timestamptz - g * interval '1 second'
        from generate_series(${to}::int, ${from}::int, -1) g
        returning id, created_at`;
    if (!accounts) {
      await db.execute(sql`
        with made as (${made})
        insert into refund_returns (refund_id, position, amount_cents, description, state, created_at)
        select id, 0, ${CENTS}, 'Returned item', 'available', created_at from made`);
      continue;
    }
    // Rows before this batch: the running balances go on from there.
    const before = count - to;
    await db.execute(sql`
      with made as (${made}),
      returned as (
        insert into refund_returns (refund_id, position, amount_cents, description, state, created_at)
        select id, 0, ${CENTS}, 'Returned item', 'available', created_at from made
      ),
      transfers as (
        insert into ledger_transfers (idempotency_key, kind, reference_kind, reference_id, created_at)
        select 'claim:' || id, 'refund_claim', 'refund', id, created_at from made
        returning id, created_at
      ),
      numbered as (
        select id, created_at, row_number() over (order by created_at, id) as n from transfers
      )
      insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents, created_at)
      select id, account, amount, balance, created_at from (
        select id, created_at, n, 0 as side, ${accounts.funding}::uuid as account, ${-CENTS}::bigint as amount,
          ${accounts.fundingBalance}::bigint - (${before} + n) * ${CENTS} as balance
        from numbered
        union all
        select id, created_at, n, 1, ${accounts.available}::uuid, ${CENTS}::bigint,
          ${accounts.availableBalance}::bigint + (${before} + n) * ${CENTS}
        from numbered
      ) entries
      order by n, side`);
  }
  if (accounts) {
    await db.execute(sql`
      update ledger_accounts set balance_cents = balance_cents + case id
        when ${accounts.available}::uuid then ${count * CENTS}::bigint
        else ${-count * CENTS}::bigint end
      where id in (${accounts.available}::uuid, ${accounts.funding}::uuid)`);
  }
}

/** What each seeded refund is for, in cents. */
const CENTS = 100;

/** The two accounts a claim moves money between, made if missing, with their balances now. */
async function claimAccounts(db: Db, merchantId: string, userId: string) {
  const wanted = [
    { ownerType: 'merchant' as const, ownerId: merchantId, kind: 'funding', allowNegative: true },
    { ownerType: 'customer' as const, ownerId: userId, kind: 'available', allowNegative: false },
  ];
  await db.insert(ledgerAccounts).values(wanted).onConflictDoNothing();
  const [funding, available] = await Promise.all(
    wanted.map(async (account) => {
      const [row] = await db
        .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceCents })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.ownerType, account.ownerType),
            eq(ledgerAccounts.ownerId, account.ownerId),
            eq(ledgerAccounts.kind, account.kind),
          ),
        );
      if (!row) throw new Error(`no ${account.kind} account`);
      return row;
    }),
  );
  if (!funding || !available) throw new Error('claim accounts missing');
  return {
    funding: funding.id,
    fundingBalance: funding.balance,
    available: available.id,
    availableBalance: available.balance,
  };
}

/** A customer row of its own, for seeded histories (no sign-up, no session). */
export async function seededCustomer(db: Db, tag: string): Promise<{ id: string; email: string }> {
  const email = `history.${tag}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'History',
      lastName: 'Customer',
      email,
      phoneNumber: `3${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      dateOfBirth: '1990-01-01',
      termsAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('customer not created');
  return { id: row.id, email };
}
