import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrandList } from '@refund/contracts/brands';
import type { PrepaidCardholder } from '@refund/contracts/prepaid-cards';
import type { Transaction } from '@refund/contracts/redemptions';
import { loadConfig } from '../src/config';
import { expireWelcomeBonuses, welcomeBonusOf } from '../src/features/bonuses/welcome-bonus';
import { buyGiftCard, quoteGiftCard, settledTransaction } from './support/giftcard-fixtures';
import { addCard, mintWithdrawalCode } from './support/payout-fixtures';
import { ownDatabase } from './support/own-database';
import { productionEnv } from './support/production-env';
import { signUpNewPerson, type SignedIn } from './support/people';
import {
  balanceOf,
  createRefund,
  expectLedgerBalanced,
  newMerchant,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';
import { linkSandboxFan } from './support/fancash-fixtures';

/**
 * The welcome bonus: credited once per customer with their first claimed refund (however many
 * claims arrive at once), shown apart from the refunded money, spent first on gift cards and
 * prepaid cards and never paid out to a card, given back as bonus when a purchase fails, and
 * moved back to bonus expense after its last day.
 */
const LAST_DAY = `${new Date().getUTCFullYear() + 1}-06-30`;
let server: TestServer;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let merchant: TestMerchant;
let brandIds: Map<string, string>;

beforeAll(async () => {
  database = await ownDatabase();
  server = await startTestServer({
    WELCOME_BONUS_CENTS: '1000',
    WELCOME_BONUS_EXPIRES_ON: LAST_DAY,
    SANDBOX_GIFT_CARD_FULFIL_SECONDS: '0',
    SANDBOX_PREPAID_FULFIL_SECONDS: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  merchant = await newMerchant(server.database.db);
});
afterAll(async () => {
  await server.close();
  await database?.drop();
});
afterEach(() => expectLedgerBalanced(server.database.db));

/** A new customer with `count` refunds of `cents` each waiting to be claimed. */
async function customerWithRefunds(count: number, cents: number) {
  const person = await signUpNewPerson(server.app);
  const refunds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ phone_number: person.phone, email: person.email }), {
        returns: [{ amount_in_cents: cents, description: 'Returned item' }],
      }),
    );
    refunds.push(refund.refund_uuid);
  }
  return { person, refunds };
}

const claim = (person: SignedIn, refundId: string) =>
  call(
    server.app,
    'POST',
    '/v1/customers/claim-refund',
    { refund_uuid: refundId },
    { token: person.accessToken },
  );

async function fundedWithBonus(cents: number): Promise<SignedIn> {
  const { person, refunds } = await customerWithRefunds(1, cents);
  expect((await claim(person, refunds[0] ?? '')).statusCode).toBe(200);
  return person;
}

async function brandId(providerId: string): Promise<string> {
  if (!brandIds) {
    const someone = await signUpNewPerson(server.app);
    const listed = await call(server.app, 'GET', '/v1/brands?limit=100', undefined, {
      token: someone.accessToken,
    });
    brandIds = new Map(
      (listed.json() as BrandList).featured_brands.data.map((b) => [b.provider_brand_id, b.id]),
    );
  }
  const id = brandIds.get(providerId);
  if (!id) throw new Error(`no brand ${providerId}`);
  return id;
}

async function buy(person: SignedIn, providerId: string, cents: number): Promise<Transaction> {
  const quote = await quoteGiftCard(server, person, await brandId(providerId), cents);
  const response = await buyGiftCard(server, person, quote);
  expect(response.statusCode, response.body).toBe(201);
  return settledTransaction(server, person, (response.json() as Transaction).transaction_id);
}

describe('the welcome bonus', () => {
  it('is credited once with the first claim, however many claims arrive at once', async () => {
    const { person, refunds } = await customerWithRefunds(20, 500);
    const answers = await Promise.all(refunds.map((id) => claim(person, id)));
    expect(answers.map((a) => a.statusCode)).toEqual(refunds.map(() => 200));
    const balance = await balanceOf(server.app, person.accessToken);
    expect(balance).toEqual({
      available_in_cents: 10_000,
      pending_in_cents: 0,
      bonus_in_cents: 1_000,
      // The whole last day counts.
      bonus_expires_at: new Date(Date.parse(`${LAST_DAY}T00:00:00Z`) + 86_400_000).toISOString(),
      total_in_cents: 11_000,
    });
  });

  it('is spent first on a gift card, and comes back as bonus when the card fails', async () => {
    const person = await fundedWithBonus(5_000);
    const declined = await buy(person, 'SBX-sandbox-declined', 1_500);
    expect(declined.status).toBe('Failed');
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 5_000,
      bonus_in_cents: 1_000,
    });
    const coffee = await buy(person, 'SBX-harbor-coffee', 1_500);
    expect(coffee.status).toBe('Successful');
    // $10 of bonus and $5 of refunded money; the 4% cashback ($0.60) is money of the customer's.
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 5_000 - 500 + 60,
      bonus_in_cents: 0,
      bonus_expires_at: null,
    });
  });

  it('buys a prepaid card, and is never paid out to a debit card or FanCash', async () => {
    const person = await fundedWithBonus(500);
    await call(
      server.app,
      'PUT',
      '/v1/users/profile/address',
      { line_1: '12 Harbor Road', city: 'Portland', state: 'ME', zipcode: '04101' },
      { token: person.accessToken },
    );
    const card = await addCard(server.app, person.accessToken, '4000056655665556');
    const debit = await call(
      server.app,
      'POST',
      '/v1/redemptions',
      {
        mode: 'debit',
        payment_method_uuid: card,
        amount_in_cents: 1_000,
        ...(await mintWithdrawalCode(server.database.db, person.phone)),
      },
      { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(debit.statusCode).toBe(400);
    expect(debit.json()).toMatchObject({ code_description: 'NOT_ENOUGH_BALANCE' });
    // Nor credited as FanCash, the merchant's store credit.
    const fan = await linkSandboxFan(server, person, 'Alex M.');
    const fancash = await call(
      server.app,
      'POST',
      '/v1/redemptions',
      {
        mode: 'fancash',
        payment_method_uuid: fan.id,
        amount_in_cents: 1_000,
        ...(await mintWithdrawalCode(server.database.db, person.phone)),
      },
      { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(fancash.statusCode).toBe(400);
    expect(fancash.json()).toMatchObject({ code_description: 'NOT_ENOUGH_BALANCE' });

    const holder = (
      await call(server.app, 'POST', '/v1/prepaid-cardholder', undefined, {
        token: person.accessToken,
      })
    ).json() as PrepaidCardholder;
    const prepaid = await call(
      server.app,
      'POST',
      '/v1/redemptions',
      {
        mode: 'prepaid',
        payment_method_uuid: holder.cardholder_uuid,
        amount_in_cents: 1_200,
        ...(await mintWithdrawalCode(server.database.db, person.phone)),
      },
      { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(prepaid.statusCode, prepaid.body).toBe(201);
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 300,
      bonus_in_cents: 0,
    });
  });

  it('is spent once when two purchases race for it', async () => {
    const person = await fundedWithBonus(500);
    const quotes = await Promise.all(
      [1_000, 1_000].map(async (cents) =>
        quoteGiftCard(server, person, await brandId('SBX-harbor-coffee'), cents),
      ),
    );
    const answers = await Promise.all(quotes.map((q) => buyGiftCard(server, person, q)));
    // $15 in all: one card takes the bonus, the other the refunded money's $5 is not enough.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    // What is left is the $5 that neither card could take, and the bought card's cashback once
    // the card is issued (its job may already have run).
    const bought = quotes[answers.findIndex((a) => a.statusCode === 201)];
    await expect
      .poll(async () => {
        const balance = await balanceOf(server.app, person.accessToken);
        return balance.bonus_in_cents + balance.available_in_cents;
      })
      .toBe(500 + (bought?.cashback_in_cents ?? Number.NaN));
  });

  it('goes back to bonus expense after its last day, once', async () => {
    const person = await fundedWithBonus(500);
    const bonus = welcomeBonusOf({
      WELCOME_BONUS_CENTS: 1_000,
      WELCOME_BONUS_EXPIRES_ON: LAST_DAY,
    });
    const afterLastDay = new Date((bonus?.expiresAt.getTime() ?? 0) + 1);
    const [first, second] = await Promise.all([
      expireWelcomeBonuses(server.database.db, bonus, afterLastDay),
      expireWelcomeBonuses(server.database.db, bonus, afterLastDay),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 500,
      bonus_in_cents: 0,
    });
    expect(await expireWelcomeBonuses(server.database.db, bonus, afterLastDay)).toBe(0);
    // Nothing is credited after the last day.
    expect(await expireWelcomeBonuses(server.database.db, bonus, new Date())).toBe(0);
  });
});

describe('welcome bonus configuration', () => {
  it('offers $10 until the next June 30 in the sandbox, none in production unless configured', () => {
    const today = new Date();
    const sandbox = welcomeBonusOf(loadConfig({}));
    expect(sandbox?.amountCents).toBe(1_000);
    expect(sandbox?.expiresAt.toISOString()).toMatch(/-07-01T00:00:00\.000Z$/);
    expect(sandbox?.expiresAt.getTime()).toBeGreaterThan(today.getTime());
    expect(sandbox?.expiresAt.getTime()).toBeLessThanOrEqual(today.getTime() + 367 * 86_400_000);
    expect(welcomeBonusOf(loadConfig(productionEnv))).toBeNull();
    expect(() => loadConfig({ ...productionEnv, WELCOME_BONUS_CENTS: '1000' })).toThrowError(
      /WELCOME_BONUS_EXPIRES_ON: required with WELCOME_BONUS_CENTS in production/,
    );
    expect(
      welcomeBonusOf(
        loadConfig({ WELCOME_BONUS_CENTS: '1000', WELCOME_BONUS_EXPIRES_ON: '2027-06-30' }),
      ),
    ).toEqual({
      amountCents: 1_000,
      lastDay: '2027-06-30',
      expiresAt: new Date('2027-07-01T00:00:00.000Z'),
    });
  });
});
