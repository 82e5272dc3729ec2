import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database';
import { users } from '../../src/db/schema';

/**
 * A customer with a long history, written straight into the tables in a few statements: claimed
 * refunds (one available return each, as a claim leaves them), one second apart, newest first
 * from `newest`. For tests and benchmarks that need thousands or millions of rows; the ledger is
 * not touched, so the balance stays what the customer's ledger accounts say (zero).
 */
export async function seedRefundHistory(
  db: Db,
  options: { merchantId: string; userId: string; email: string; count: number; newest: Date },
): Promise<void> {
  const { merchantId, userId, email, count, newest } = options;
  // Batches keep each statement's memory bounded when the count is in the millions.
  const batch = 200_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.execute(sql`
      with made as (
        insert into refunds (
          merchant_id, idempotency_key, request_hash, customer_first_name, customer_last_name,
          customer_email, order_number, description, amount_cents, status, expires_at,
          claimed_by_user_id, claimed_at, created_at)
        select ${merchantId}::uuid, ${userId}::text || '-' || g, 'seeded', 'Seeded', 'Customer',
          ${email}, 'SEED-' || g, 'Seeded refund', 100, 'claimed',
          ${newest.toISOString()}::timestamptz + interval '30 days',
          ${userId}::uuid,
          ${newest.toISOString()}::timestamptz - g * interval '1 second',
          ${newest.toISOString()}::timestamptz - g * interval '1 second'
        from generate_series(${from}::int, ${to}::int) g
        returning id, created_at
      )
      insert into refund_returns (refund_id, position, amount_cents, description, state, created_at)
      select id, 0, 100, 'Returned item', 'available', created_at from made`);
  }
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
