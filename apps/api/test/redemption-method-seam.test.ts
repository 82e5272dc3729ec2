/**
 * Adding a redemption method is adding one module: a method written here in a few lines, of a
 * mode no contract lists, handed to the server beside the built-in ones, is offered, redeemed
 * through end to end, retried, refused and compensated by the one pipeline, without any change
 * to it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedemptionMode } from '@refund/contracts/wallet';
import { ledgerEntries, ledgerTransfers, redemptions } from '../src/db/schema';
import { customerAvailable, systemShard } from '../src/features/ledger/ledger';
import type { RedemptionMethod } from '../src/features/payouts/redemption-method';
import { fundedCustomer, mintWithdrawalCode, newMerchant } from './support/payout-fixtures';
import type { SignedIn } from './support/people';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * A mode that exists only here. The compiler knows the contracts' modes alone, so it is named as
 * one of them; the server takes it because a method of it is registered.
 */
const PAYPAL_TEST = 'paypal_test' as RedemptionMode;

/**
 * A wallet provider that answers at once; an account whose id ends in 0 is declined. Its
 * description of a payout never changes; the redemptions it was asked to describe are counted.
 */
function fakePayPalMethod(): RedemptionMethod & {
  issued: Map<string, string>;
  described: string[];
} {
  const issued = new Map<string, string>();
  const described: string[] = [];
  return {
    issued,
    described,
    describesOnceForAll: true,
    mode: PAYPAL_TEST,
    destinationKind: 'card',
    inWords: 'a PayPal test account',
    limits: { minCents: 1_000, maxCents: 50_000, feeRateBps: 0, wholeDollarsOnly: true },
    destination: async (_q, _userId, id) => ({ id }),
    recordPayout: async (_tx, redemption, card) => void issued.set(redemption.id, card.id),
    execute: async (redemption, card) =>
      card.id.endsWith('0')
        ? { status: 'failed', reason: 'The issuer declined the card.' }
        : { status: 'succeeded', networkReference: `PREPAID-${redemption.id.slice(0, 8)}` },
    describe: async (_q, ids) => {
      described.push(...ids);
      return new Map(
        ids.map((id) => [id, { kind: 'card', brand: 'visa', bank_name: null, last4: '4242' }]),
      );
    },
  };
}

/**
 * Store credit loaded with a 10% bonus the business pays: its own postings (the bonus from bonus
 * expense into payouts in transit beside the amount). A destination ending in 0 is declined.
 */
function fakeBonusMethod(): RedemptionMethod & { described: string[] } {
  const described: string[] = [];
  return {
    described,
    mode: 'fancash',
    destinationKind: 'card',
    inWords: 'store credit with a bonus',
    limits: { minCents: 100, maxCents: 50_000, feeRateBps: 0, wholeDollarsOnly: false },
    destination: async (_q, _userId, id) => ({ id }),
    recordPayout: async () => undefined,
    postings: (r) => {
      const bonus = Math.floor(r.amountCents / 10);
      return [
        { account: customerAvailable(r.userId), amountCents: -r.amountCents },
        { account: systemShard('bonus_expense', r.id), amountCents: -bonus },
        { account: systemShard('payouts_in_transit', r.id), amountCents: r.amountCents + bonus },
      ];
    },
    execute: async (redemption, account) =>
      account.id.endsWith('0')
        ? { status: 'failed', reason: 'The store refused the credit.' }
        : { status: 'succeeded', networkReference: `CREDIT-${redemption.id.slice(0, 8)}` },
    describe: async (_q, ids) => {
      described.push(...ids);
      return new Map(
        ids.map((id) => [id, { kind: 'card', brand: null, bank_name: null, last4: '0001' }]),
      );
    },
  };
}

let server: TestServer;
let plain: TestServer;
let merchant: TestMerchant;
const fake = fakePayPalMethod();
const bonusFake = fakeBonusMethod();
beforeAll(async () => {
  // The built-in prepaid and FanCash methods are left out: the FanCash fake takes the place of
  // the built-in one, and nothing offers prepaid cards.
  const withoutPrepaid = { PREPAID_CARD_PROVIDER: 'none', FANCASH_PROVIDER: 'none' };
  server = await startTestServer(withoutPrepaid, { redemptionMethods: [fake, bonusFake] });
  plain = await startTestServer(withoutPrepaid);
  merchant = await newMerchant(server.database.db);
});
afterAll(async () => {
  await server.close();
  await plain.close();
});

async function redeem(
  on: TestServer,
  person: SignedIn,
  body: { amount_in_cents: number; payment_method_uuid?: string; mode?: RedemptionMode },
  key: string = crypto.randomUUID(),
) {
  const code = await mintWithdrawalCode(on.database.db, person.phone);
  return call(
    on.app,
    'POST',
    '/v1/redemptions',
    {
      mode: PAYPAL_TEST,
      payment_method_uuid: crypto.randomUUID().replace(/.$/, '1'),
      ...code,
      ...body,
    },
    { token: person.accessToken, headers: { 'idempotency-key': key } },
  );
}

describe('a method registered beside the built-in ones', () => {
  it('is offered with its own limits', async () => {
    const person = await fundedCustomer(server.app, merchant, 1_000);
    const methods = await call(server.app, 'GET', '/v1/redemption-methods', undefined, {
      token: person.accessToken,
    });
    expect(methods.json().data).toContainEqual({
      mode: PAYPAL_TEST,
      destination_kind: 'card',
      spends_bonus: false,
      is_available: true,
      min_amount: 1_000,
      max_amount: 50_000,
      fee_rate: 0,
      is_whole_amount_value_required: true,
    });
    const elsewhere = await call(plain.app, 'GET', '/v1/redemption-methods', undefined, {
      token: (await fundedCustomer(plain.app, await newMerchant(plain.database.db), 100))
        .accessToken,
    });
    expect(elsewhere.json().data).toContainEqual(
      expect.objectContaining({ mode: 'prepaid', is_available: false }),
    );
    expect(elsewhere.json().data).not.toContainEqual(
      expect.objectContaining({ mode: PAYPAL_TEST }),
    );
  });

  it('redeems end to end: recorded, paid out, shown, and a retry answers the same', async () => {
    const person = await fundedCustomer(server.app, merchant, 10_000);
    const key = crypto.randomUUID();
    const card = crypto.randomUUID().replace(/.$/, '1');
    const body = { amount_in_cents: 4_000, payment_method_uuid: card };
    const first = await redeem(server, person, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const transaction = first.json();
    expect(transaction).toMatchObject({
      mode: PAYPAL_TEST,
      status: 'Successful',
      amount_in_cents: 4_000,
      fee_in_cents: 0,
      destination: { kind: 'card', brand: 'visa', last4: '4242' },
      network_reference: expect.stringMatching(/^PREPAID-/),
    });
    expect(fake.issued.has(transaction.transaction_id)).toBe(true);
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(6_000);
    const db = server.database.db;
    const [record] = await db
      .select({ mode: redemptions.mode, status: redemptions.status })
      .from(redemptions)
      .where(eq(redemptions.id, transaction.transaction_id));
    expect(record).toEqual({ mode: PAYPAL_TEST, status: 'succeeded' });
    // The usual payout transfer: the amount out of the wallet, into payouts in transit.
    const postings = await db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(eq(ledgerTransfers.idempotencyKey, `payout:${transaction.transaction_id}`));
    expect(postings.map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([-4_000, 4_000]);

    const again = await redeem(server, person, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(transaction);
    const list = await call(server.app, 'GET', '/v1/transactions', undefined, {
      token: person.accessToken,
    });
    expect(list.json().data).toEqual([transaction]);
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(6_000);
    // The month's statement names the method as the method itself does.
    const month = new Date().toISOString().slice(0, 7);
    const csv = await call(
      server.app,
      'GET',
      `/v1/wallet/statements/${month}?format=csv`,
      undefined,
      {
        token: person.accessToken,
      },
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('"Redemption to a PayPal test account","Completed",-40.00,60.00');
    await expectLedgerBalanced(server.database.db);
  });

  it('gives the money back when the method says the payout failed', async () => {
    const person = await fundedCustomer(server.app, merchant, 5_000);
    const declined = crypto.randomUUID().replace(/.$/, '0');
    const answer = await redeem(server, person, {
      amount_in_cents: 2_000,
      payment_method_uuid: declined,
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      status: 'Failed',
      failure_reason: 'The issuer declined the card.',
    });
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(5_000);
    await expectLedgerBalanced(server.database.db);
  });

  it("enforces the method's rules on the server: whole dollars, minimum, maximum", async () => {
    const person = await fundedCustomer(server.app, merchant, 60_000);
    const cents = await redeem(server, person, { amount_in_cents: 1_050 });
    expect(cents.statusCode).toBe(400);
    expect(cents.json()).toMatchObject({ code_description: 'AMOUNT_NOT_WHOLE_DOLLARS' });
    for (const amount of [900, 50_100]) {
      const out = await redeem(server, person, { amount_in_cents: amount });
      expect(out.json()).toMatchObject({ code_description: 'AMOUNT_OUT_OF_RANGE' });
    }
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(60_000);
    const list = await call(server.app, 'GET', '/v1/transactions', undefined, {
      token: person.accessToken,
    });
    expect(list.json().data).toEqual([]);
  });

  it('is refused where it is not registered, changing nothing', async () => {
    const person = await fundedCustomer(plain.app, await newMerchant(plain.database.db), 5_000);
    // A mode no contract lists is not even a request there.
    const unknown = await redeem(plain, person, { amount_in_cents: 2_000 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    // One the contracts list, with no method offering it there, is unavailable.
    const answer = await redeem(plain, person, { amount_in_cents: 2_000, mode: 'prepaid' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code_description: 'METHOD_UNAVAILABLE' });
    expect((await balanceOf(plain.app, person.accessToken)).available_in_cents).toBe(5_000);
  });
});

/** The balances of the system accounts of these kinds, summed over their shards. */
async function systemBalances(on: TestServer) {
  const result = await on.database.db.execute(
    sql`select split_part(kind, ':', 1) as kind, sum(balance_cents)::int as cents
      from ledger_accounts where owner_type = 'system' group by 1`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    kind: string;
    cents: number;
  }[];
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.cents ?? 0;
  return {
    inTransit: of('payouts_in_transit'),
    settled: of('payouts_settled'),
    bonus: of('bonus_expense'),
  };
}

describe('a method with postings of its own (a bonus the business pays)', () => {
  async function redeemCredit(person: SignedIn, destination: string) {
    const code = await mintWithdrawalCode(server.database.db, person.phone);
    return call(
      server.app,
      'POST',
      '/v1/redemptions',
      { mode: 'fancash', payment_method_uuid: destination, amount_in_cents: 2_000, ...code },
      { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
  }

  it('settles what its postings put in transit, the bonus included', async () => {
    const person = await fundedCustomer(server.app, merchant, 5_000);
    const before = await systemBalances(server);
    const answer = await redeemCredit(person, crypto.randomUUID().replace(/.$/, '1'));
    expect(answer.json()).toMatchObject({ status: 'Successful', amount_in_cents: 2_000 });
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(3_000);
    const after = await systemBalances(server);
    expect({
      inTransit: after.inTransit - before.inTransit,
      settled: after.settled - before.settled,
      bonus: after.bonus - before.bonus,
    }).toEqual({ inTransit: 0, settled: 2_200, bonus: -200 });
    await expectLedgerBalanced(server.database.db);
  });

  it('is described on every read of the history; a description that never changes, once', async () => {
    const person = await fundedCustomer(server.app, merchant, 10_000);
    const paid = (await redeem(server, person, { amount_in_cents: 2_000 })).json();
    const credit = (await redeemCredit(person, crypto.randomUUID().replace(/.$/, '1'))).json();
    const read = () =>
      call(server.app, 'GET', '/v1/transactions', undefined, { token: person.accessToken });
    const first = await read();
    const second = await read();
    expect(first.json().data).toEqual([credit, paid]);
    expect(second.json().data).toEqual(first.json().data);
    // Each was described when it was made, and the credit again on each read.
    expect(fake.described.filter((id) => id === paid.transaction_id)).toHaveLength(1);
    expect(bonusFake.described.filter((id) => id === credit.transaction_id)).toHaveLength(3);
    // Another customer's history holds none of them.
    const other = await fundedCustomer(server.app, merchant, 100);
    const theirs = await call(server.app, 'GET', '/v1/transactions', undefined, {
      token: other.accessToken,
    });
    expect(theirs.json().data).toEqual([]);
  });

  it('gives back exactly what its postings moved when the payout fails', async () => {
    const person = await fundedCustomer(server.app, merchant, 5_000);
    const before = await systemBalances(server);
    const answer = await redeemCredit(person, crypto.randomUUID().replace(/.$/, '0'));
    expect(answer.json()).toMatchObject({
      status: 'Failed',
      failure_reason: 'The store refused the credit.',
    });
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(5_000);
    expect(await systemBalances(server)).toEqual(before);
    await expectLedgerBalanced(server.database.db);
  });
});
