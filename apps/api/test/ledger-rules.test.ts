/**
 * The ledger's account rules are flags on the accounts, each entry keeps the balance after it,
 * transfers name what they are about, and the ledger check finds what breaks any of that: a
 * drift at the entry where it starts, a payout without its transfer, a job nobody took up.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { ledgerAccounts, ledgerEntries, ledgerTransfers, redemptions } from '../src/db/schema';
import { checkLedger } from '../src/features/ledger/ledger-check';
import {
  AccountWouldGoNegativeError,
  customerAvailable,
  InsufficientFundsError,
  merchantFunding,
  postTransfer,
  systemAccount,
  systemShard,
  type TransferInput,
} from '../src/features/ledger/ledger';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import type { SignedIn } from './support/people';
import type { TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
let db: Db;
beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  merchant = await newMerchant(db);
});
afterAll(() => server.close());

/** Redeems each amount to the card, all at once; answers the transaction ids. */
async function redeemAtOnce(person: SignedIn, card: string, amounts: number[]): Promise<string[]> {
  const codes = await Promise.all(amounts.map(() => mintWithdrawalCode(db, person.phone)));
  const answers = await Promise.all(
    amounts.map((cents, i) =>
      call(
        server.app,
        'POST',
        '/v1/redemptions',
        { mode: 'debit', payment_method_uuid: card, amount_in_cents: cents, ...codes[i] },
        { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
      ),
    ),
  );
  return answers.map((answer) => {
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().transaction_id as string;
  });
}

const post = (input: TransferInput) => db.transaction((tx) => postTransfer(tx, input));
const transfer = (postings: TransferInput['postings']): TransferInput => ({
  idempotencyKey: `test:${crypto.randomUUID()}`,
  kind: 'test',
  postings,
});

async function accountOf(ref: ReturnType<typeof customerAvailable>) {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, ref.ownerType),
        ref.ownerId === null
          ? sql`${ledgerAccounts.ownerId} is null`
          : eq(ledgerAccounts.ownerId, ref.ownerId),
        eq(ledgerAccounts.kind, ref.kind),
      ),
    );
  return row;
}

const entriesOf = (accountId: string) =>
  db
    .select({ amount: ledgerEntries.amountCents, after: ledgerEntries.balanceAfterCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .orderBy(asc(ledgerEntries.seq));

describe('account rules are flags on the account', () => {
  it('refuses to take a customer wallet below zero, and writes nothing', async () => {
    const user = crypto.randomUUID();
    const merchantId = crypto.randomUUID();
    await post(
      transfer([
        { account: merchantFunding(merchantId), amountCents: -500 },
        { account: customerAvailable(user), amountCents: 500 },
      ]),
    );
    const overdraw = transfer([
      { account: customerAvailable(user), amountCents: -501 },
      { account: systemShard('payouts_in_transit', user), amountCents: 501 },
    ]);
    await expect(post(overdraw)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await accountOf(customerAvailable(user)))?.balanceCents).toBe(500);
    const [written] = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, overdraw.idempotencyKey));
    expect(written).toBeUndefined();
  });

  it('lets a merchant funding account and an expense account go below zero', async () => {
    const merchantId = crypto.randomUUID();
    const user = crypto.randomUUID();
    await post(
      transfer([
        { account: merchantFunding(merchantId), amountCents: -700 },
        { account: systemAccount('bonus_expense'), amountCents: -300 },
        { account: customerAvailable(user), amountCents: 1000 },
      ]),
    );
    const funding = await accountOf(merchantFunding(merchantId));
    expect(funding).toMatchObject({ balanceCents: -700, allowNegative: true });
    expect(await accountOf(customerAvailable(user))).toMatchObject({
      balanceCents: 1000,
      allowNegative: false,
    });
    expect((await accountOf(systemAccount('bonus_expense')))?.allowNegative).toBe(true);
  });

  it('refuses to take payouts in transit below zero: a wrong transfer, not a short customer', async () => {
    const key = crypto.randomUUID();
    const user = crypto.randomUUID();
    const wrong = transfer([
      { account: systemShard('payouts_in_transit', key), amountCents: -(10 ** 12) },
      { account: customerAvailable(user), amountCents: 10 ** 12 },
    ]);
    await expect(post(wrong)).rejects.toBeInstanceOf(AccountWouldGoNegativeError);
    // Nothing was written: not even the wallet the transfer would have opened.
    expect(await accountOf(customerAvailable(user))).toBeUndefined();
  });

  it('holds the rule in the database too: a direct update below zero is refused', async () => {
    const user = crypto.randomUUID();
    await post(
      transfer([
        { account: merchantFunding(crypto.randomUUID()), amountCents: -100 },
        { account: customerAvailable(user), amountCents: 100 },
      ]),
    );
    const account = await accountOf(customerAvailable(user));
    await expect(
      db
        .update(ledgerAccounts)
        .set({ balanceCents: -1 })
        .where(eq(ledgerAccounts.id, account?.id ?? '')),
    ).rejects.toThrow();
  });
});

describe('each entry keeps the balance after it', () => {
  it('shows the running balance of an account, entry by entry, for single and batched transfers', async () => {
    const person = await fundedCustomer(server.app, merchant, 10_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    // Several at once go through group commit; the check below must hold for them too.
    const [id] = await redeemAtOnce(person, card, [1_000, 1_500, 2_000, 500]);
    const [owner] = await db
      .select({ userId: redemptions.userId })
      .from(redemptions)
      .where(eq(redemptions.id, id ?? ''));
    const account = await accountOf(customerAvailable(owner?.userId ?? ''));
    const entries = await entriesOf(account?.id ?? '');
    let running = 0;
    for (const entry of entries) {
      running += entry.amount;
      expect(entry.after).toBe(running);
    }
    expect(entries.at(-1)?.after).toBe(account?.balanceCents);
    expect(account?.balanceCents).toBe(10_000 - 5_000);
  });

  it('is what the ledger check reads: a changed balance-after is found at its entry', async () => {
    const user = crypto.randomUUID();
    for (const cents of [300, 200, 100]) {
      await post(
        transfer([
          { account: merchantFunding(crypto.randomUUID()), amountCents: -cents },
          { account: customerAvailable(user), amountCents: cents },
        ]),
      );
    }
    const account = await accountOf(customerAvailable(user));
    const [, second] = await db
      .select({ id: ledgerEntries.id, seq: ledgerEntries.seq })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, account?.id ?? ''))
      .orderBy(asc(ledgerEntries.seq));
    expect((await checkLedger(db)).entriesWithWrongBalanceAfter).toEqual([]);
    await db
      .update(ledgerEntries)
      .set({ balanceAfterCents: 999 })
      .where(eq(ledgerEntries.id, second?.id ?? ''));
    try {
      const report = await checkLedger(db);
      expect(report.ok).toBe(false);
      expect(report.entriesWithWrongBalanceAfter).toContainEqual({
        accountId: account?.id,
        seq: second?.seq,
      });
    } finally {
      await db
        .update(ledgerEntries)
        .set({ balanceAfterCents: 500 })
        .where(eq(ledgerEntries.id, second?.id ?? ''));
    }
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('transfers name what they are about; the check matches payouts to them', () => {
  it("names the redemption on a payout's transfers, and finds a payout that lost its transfer", async () => {
    const person = await fundedCustomer(server.app, merchant, 5_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const [id = ''] = await redeemAtOnce(person, card, [2_000]);
    const named = await db
      .select({ kind: ledgerTransfers.kind })
      .from(ledgerTransfers)
      .where(
        and(eq(ledgerTransfers.referenceKind, 'redemption'), eq(ledgerTransfers.referenceId, id)),
      )
      .orderBy(asc(ledgerTransfers.kind));
    expect(named.map((t) => t.kind)).toEqual(['payout', 'payout_settled']);
    expect((await checkLedger(db)).ok).toBe(true);

    const elsewhere = crypto.randomUUID();
    await db
      .update(ledgerTransfers)
      .set({ referenceId: elsewhere })
      .where(and(eq(ledgerTransfers.referenceId, id), eq(ledgerTransfers.kind, 'payout')));
    try {
      const report = await checkLedger(db);
      expect(report.payoutsNotMatchingTransfers).toContain(id);
      expect(report.transfersOfUnknownPayouts).toHaveLength(1);
      // With none of its transfers left, the payout is found all the same.
      await db
        .update(ledgerTransfers)
        .set({ referenceId: elsewhere })
        .where(eq(ledgerTransfers.referenceId, id));
      const bare = await checkLedger(db);
      expect(bare.payoutsNotMatchingTransfers).toContain(id);
      expect(bare.transfersOfUnknownPayouts).toHaveLength(2);
    } finally {
      await db
        .update(ledgerTransfers)
        .set({ referenceId: id })
        .where(eq(ledgerTransfers.referenceId, elsewhere));
    }
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('finds a payout whose status its transfers do not bear out', async () => {
    const person = await fundedCustomer(server.app, merchant, 5_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const [id = ''] = await redeemAtOnce(person, card, [1_000]);
    await db.update(redemptions).set({ status: 'failed' }).where(eq(redemptions.id, id));
    try {
      expect((await checkLedger(db)).payoutsNotMatchingTransfers).toContain(id);
    } finally {
      await db.update(redemptions).set({ status: 'succeeded' }).where(eq(redemptions.id, id));
    }
  });
});

describe('jobs caused by a change are taken up', () => {
  it('reports a due job that no worker took up within the bound', async () => {
    const id = crypto.randomUUID();
    await db.execute(sql`
      insert into pgboss.job (id, name, data, state, start_after, created_on)
      values (${id}::uuid, 'send-message', '{}'::jsonb, 'created',
        now() - interval '2 hours', now() - interval '2 hours')`);
    try {
      const report = await checkLedger(db, { jobBoundSeconds: 3600 });
      expect(report.jobsNotTakenUp).toContainEqual({ queue: 'send-message', id });
      expect(report.ok).toBe(false);
    } finally {
      await db.execute(sql`delete from pgboss.job where id = ${id}::uuid`);
    }
  });
});
