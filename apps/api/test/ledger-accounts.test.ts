/**
 * postTransfer remembers ledger account ids per process. These check that a remembered id is
 * never used for the wrong account: not across databases, not across customers, not after the
 * transaction that created the account rolled back; and that a refused transfer leaves the
 * caller's transaction usable.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../src/db/database';
import { ledgerAccounts } from '../src/db/schema';
import {
  customerAvailable,
  InsufficientFundsError,
  merchantFunding,
  planRemembered,
  planTransfer,
  postTransfer,
  systemShard,
} from '../src/features/ledger/ledger';
import { checkLedger } from '../src/features/ledger/ledger-check';

let main: Database;
let other: Database;
beforeAll(async () => {
  // The suite's database (PostgreSQL when TEST_DATABASE_URL is set), and a second one.
  main = await openDatabase({ url: process.env.TEST_DATABASE_URL });
  other = await openDatabase({});
});
afterAll(async () => {
  await main.close();
  await other.close();
});

async function balance(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, 'customer'),
        eq(ledgerAccounts.ownerId, userId),
        eq(ledgerAccounts.kind, 'available'),
      ),
    );
  return row ? Number(row.balance) : null;
}

const refund = (merchantId: string, userId: string, cents: number) => ({
  idempotencyKey: `test-refund:${crypto.randomUUID()}`,
  kind: 'test_refund',
  postings: [
    { account: merchantFunding(merchantId), amountCents: -cents },
    { account: customerAvailable(userId), amountCents: cents },
  ],
});

const payout = (userId: string, cents: number) => {
  const key = crypto.randomUUID();
  return {
    idempotencyKey: `test-payout:${key}`,
    kind: 'test_payout',
    postings: [
      { account: customerAvailable(userId), amountCents: -cents },
      { account: systemShard('payouts_in_transit', key), amountCents: cents },
    ],
  };
};

describe('remembered ledger accounts', () => {
  it('are never used in another database, even for the same owners', async () => {
    const merchant = crypto.randomUUID();
    const customer = crypto.randomUUID();
    await main.db.transaction((tx) => postTransfer(tx, refund(merchant, customer, 500)));
    await main.db.transaction((tx) => postTransfer(tx, payout(customer, 200)));
    // The same owners in another database: the ids remembered from the first are not its own.
    await other.db.transaction((tx) => postTransfer(tx, refund(merchant, customer, 700)));
    await other.db.transaction((tx) => postTransfer(tx, payout(customer, 100)));
    await main.db.transaction((tx) => postTransfer(tx, payout(customer, 50)));
    expect(await balance(main.db, customer)).toBe(250);
    expect(await balance(other.db, customer)).toBe(600);
    expect((await checkLedger(main.db)).ok).toBe(true);
    expect((await checkLedger(other.db)).ok).toBe(true);
  });

  it("put each customer's money on that customer's own account", async () => {
    const merchant = crypto.randomUUID();
    const customers = Array.from({ length: 5 }, () => crypto.randomUUID());
    await Promise.all(
      customers.map((c, i) =>
        main.db.transaction((tx) => postTransfer(tx, refund(merchant, c, 1_000 * (i + 1)))),
      ),
    );
    await Promise.all(
      customers.map((c, i) =>
        main.db.transaction((tx) => postTransfer(tx, payout(c, 100 * (i + 1)))),
      ),
    );
    for (const [i, c] of customers.entries()) {
      expect(await balance(main.db, c)).toBe(900 * (i + 1));
    }
    expect((await checkLedger(main.db)).ok).toBe(true);
  });

  it('plan a transfer at once only when every account is remembered', async () => {
    const merchant = crypto.randomUUID();
    const customer = crypto.randomUUID();
    await main.db.transaction((tx) => postTransfer(tx, refund(merchant, customer, 500)));
    const transfer = payout(customer, 200);
    // The customer's account was made in a transaction: not remembered until looked up.
    expect(planRemembered(transfer)).toBeNull();
    // Looked up: found ones are remembered; one made just now (a new shard) on the next look.
    await planTransfer(main.db, transfer);
    const looked = await planTransfer(main.db, transfer);
    expect(planRemembered(transfer)).toEqual(looked);
    expect(planRemembered(payout(crypto.randomUUID(), 200))).toBeNull();
  });

  it('are not taken from a transaction that rolled back', async () => {
    const merchant = crypto.randomUUID();
    const customer = crypto.randomUUID();
    await expect(
      main.db.transaction(async (tx) => {
        await postTransfer(tx, refund(merchant, customer, 300));
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await balance(main.db, customer)).toBeNull();
    await main.db.transaction((tx) => postTransfer(tx, refund(merchant, customer, 400)));
    expect(await balance(main.db, customer)).toBe(400);
    expect((await checkLedger(main.db)).ok).toBe(true);
  });
});

describe('postTransfer', () => {
  it('refuses an overdraft without writing anything and leaves the transaction usable', async () => {
    const merchant = crypto.randomUUID();
    const customer = crypto.randomUUID();
    await main.db.transaction((tx) => postTransfer(tx, refund(merchant, customer, 1_000)));
    const outcome = await main.db.transaction(async (tx) => {
      const refused = await postTransfer(tx, payout(customer, 1_001)).catch((e: unknown) => e);
      const posted = await postTransfer(tx, payout(customer, 400));
      return { refused, posted };
    });
    expect(outcome.refused).toBeInstanceOf(InsufficientFundsError);
    expect(outcome.posted).toBe(true);
    expect(await balance(main.db, customer)).toBe(600);
    expect((await checkLedger(main.db)).ok).toBe(true);
  });

  it('moves money once per idempotency key', async () => {
    const merchant = crypto.randomUUID();
    const customer = crypto.randomUUID();
    const once = refund(merchant, customer, 800);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => main.db.transaction((tx) => postTransfer(tx, once))),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await balance(main.db, customer)).toBe(800);
  });

  it('lets parallel payouts succeed exactly as often as the balance allows', async () => {
    const merchant = crypto.randomUUID();
    const customer = crypto.randomUUID();
    await main.db.transaction((tx) => postTransfer(tx, refund(merchant, customer, 1_000)));
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        main.db.transaction((tx) => postTransfer(tx, payout(customer, 100))),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refusals = results.filter((r) => r.status === 'rejected');
    expect(refusals.every((r) => r.reason instanceof InsufficientFundsError)).toBe(true);
    expect(await balance(main.db, customer)).toBe(0);
    expect((await checkLedger(main.db)).ok).toBe(true);
  });
});
