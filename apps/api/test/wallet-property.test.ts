/**
 * Random sequences of every kind of money a customer's wallet holds (refunds claimed with the
 * welcome bonus they bring, the free play, gift cards with their cashback and brand reward or
 * declined, debit payouts with their fee or declined, the bonus expiring) checked against a plain
 * model, and three ways of adding the wallet up that must agree for every customer: the balance
 * home shows, the statement's lines, and Transaction History's rows (each refund's wallet credit,
 * each redemption less its fee, and the statement's other lines). ledger-property.test.ts covers
 * holds, claims by others and late payout events; this one the bonuses and gift cards.
 * WALLET_PROPERTY_SEED replays a failure, WALLET_PROPERTY_RUNS sets the number of runs (default 10).
 */
import type { BrandList, GiftCardQuote } from '@refund/contracts/brands';
import { transactionHistoryMovementKinds } from '@refund/contracts/wallet';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expireWelcomeBonuses, welcomeBonusOf } from '../src/features/bonuses/welcome-bonus';
import { checkLedger } from '../src/features/ledger/ledger-check';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { buyGiftCard, quoteGiftCard, settledTransaction } from './support/giftcard-fixtures';
import { addCard, giveAddress, mintWithdrawalCode } from './support/payout-fixtures';
import { signUpNewPerson, type SignedIn } from './support/people';
import {
  balanceOf,
  createRefund,
  newMerchant,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

const CUSTOMERS = 2;
const BONUS = 1_000;
const FREE_PLAY = 500;
/** Plain gift cards with cashback, one with a brand reward too, and one the issuer declines. */
const BRANDS = ['SBX-harbor-coffee', 'SBX-trailhead-outdoor', 'SBX-sandbox-declined'] as const;
type BrandKey = (typeof BRANDS)[number];
/** The smallest card each sells (the sandbox catalog); $100.00 is the most these runs buy. */
const BRAND_MIN: Record<BrandKey, number> = {
  'SBX-harbor-coffee': 500,
  'SBX-trailhead-outdoor': 2_500,
  'SBX-sandbox-declined': 500,
};

type Op =
  | { type: 'claim'; customer: number; cents: number }
  | { type: 'freePlay'; customer: number }
  | { type: 'giftCard'; customer: number; brand: BrandKey; percent: number }
  | { type: 'debit'; customer: number; declined: boolean; percent: number }
  | { type: 'bonusExpires' };

interface Customer {
  person: SignedIn;
  deviceId: string;
  cards: { ok: string; declined: string };
  available: number;
  bonus: number;
  claimed: boolean;
  bonusGiven: boolean;
  freePlayed: boolean;
}

const customerArb = fc.integer({ min: 0, max: CUSTOMERS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('claim' as const),
      customer: customerArb,
      cents: fc.integer({ min: 500, max: 8_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('freePlay' as const), customer: customerArb }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('giftCard' as const),
      customer: customerArb,
      brand: fc.constantFrom(...BRANDS),
      // Of what the customer can spend on a gift card; above 100 asks for more than that.
      percent: fc.integer({ min: 10, max: 130 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('debit' as const),
      customer: customerArb,
      declined: fc.boolean(),
      percent: fc.integer({ min: 10, max: 120 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('bonusExpires' as const) }) },
);
/** Most runs start with money in each wallet; some with none, where everything is refused. */
const fundingArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(
      ...Array.from({ length: CUSTOMERS }, (_, customer) =>
        fc.record({
          type: fc.constant('claim' as const),
          customer: fc.constant(customer),
          cents: fc.integer({ min: 3_000, max: 20_000 }),
        }),
      ),
    ),
  },
  { weight: 1, arbitrary: fc.constant([]) },
);
const sequenceArb: fc.Arbitrary<Op[]> = fc
  .tuple(fundingArb, fc.array(opArb, { minLength: 2, maxLength: 9 }))
  .map(([funding, ops]) => [...funding, ...ops]);

/** What the runs did, printed at the end: a property that only ever met refusals proves little. */
const done = new Map<string, number>();
const count = (what: string) => done.set(what, (done.get(what) ?? 0) + 1);

let server: TestServer;
let merchant: TestMerchant;
const brandIds = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer({
    WELCOME_BONUS_CENTS: String(BONUS),
    WELCOME_BONUS_EXPIRES_ON: `${new Date().getUTCFullYear() + 1}-06-30`,
    FREE_PLAY_CENTS: String(FREE_PLAY),
    SANDBOX_GIFT_CARD_FULFIL_SECONDS: '0',
    SANDBOX_CARD_RETURN_DELAY_SECONDS: '0',
    OTP_SENDS_PER_PHONE_PER_HOUR: '1000',
  });
  merchant = await newMerchant(server.database.db);
  const someone = await signUpNewPerson(server.app);
  const listed = await call(server.app, 'GET', '/v1/brands?limit=100', undefined, {
    token: someone.accessToken,
  });
  for (const brand of (listed.json() as BrandList).featured_brands.data)
    brandIds.set(brand.provider_brand_id, brand.id);
});
afterAll(() => server.close());

const app = () => server.app;

async function newCustomer(): Promise<Customer> {
  const person = await signUpNewPerson(app());
  await giveAddress(app(), person.accessToken);
  return {
    person,
    deviceId: crypto.randomUUID(),
    cards: {
      ok: await addCard(app(), person.accessToken, sandboxCards.visaDebit),
      declined: await addCard(app(), person.accessToken, sandboxCards.declined),
    },
    available: 0,
    bonus: 0,
    claimed: false,
    bonusGiven: false,
    freePlayed: false,
  };
}

const redeem = (customer: Customer, body: Record<string, unknown>) =>
  call(app(), 'POST', '/v1/redemptions', body, {
    token: customer.person.accessToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });

async function runOp(customers: Customer[], op: Op): Promise<void> {
  if (op.type === 'bonusExpires') {
    // Time passes the bonus's last day: the expiry job moves what is left of every bonus.
    const bonus = welcomeBonusOf(server.config);
    if (!bonus) throw new Error('the server offers no bonus');
    await expireWelcomeBonuses(server.database.db, bonus, new Date(bonus.expiresAt.getTime() + 1));
    for (const customer of customers) customer.bonus = 0;
    count('bonus expiries');
    return;
  }
  const customer = customers[op.customer] as Customer;
  const token = customer.person.accessToken;
  switch (op.type) {
    case 'claim': {
      const refund = await createRefund(
        app(),
        merchant,
        refundBody(
          refundCustomer({ phone_number: customer.person.phone, email: customer.person.email }),
          { returns: [{ amount_in_cents: op.cents, description: 'Returned item' }] },
        ),
      );
      const claimed = await call(
        app(),
        'POST',
        '/v1/customers/claim-refund',
        { refund_uuid: refund.refund_uuid },
        { token },
      );
      expect(claimed.statusCode, claimed.body).toBe(200);
      customer.available += op.cents;
      customer.claimed = true;
      count('claims');
      // The first claim brings the bonus, once.
      if (!customer.bonusGiven) {
        customer.bonus += BONUS;
        customer.bonusGiven = true;
      }
      return;
    }
    case 'freePlay': {
      const response = await call(app(), 'POST', '/v1/promotions/free-play/claims', undefined, {
        token,
        headers: { 'idempotency-key': crypto.randomUUID(), 'x-device-id': customer.deviceId },
      });
      if (customer.claimed && !customer.freePlayed) {
        expect(response.statusCode, response.body).toBe(201);
        customer.available += FREE_PLAY;
        customer.freePlayed = true;
        count('free plays');
      } else {
        // Before a refund is claimed, or a second time: refused, and nothing moves.
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }
      return;
    }
    case 'giftCard': {
      const spendable = customer.available + customer.bonus;
      // Whole dollars, within what the brand sells.
      const amount = Math.min(
        10_000,
        Math.max(BRAND_MIN[op.brand], Math.floor((spendable * op.percent) / 100 / 100) * 100),
      );
      const brandId = brandIds.get(op.brand);
      if (!brandId) throw new Error(`${op.brand} is not in the catalog`);
      const quote: GiftCardQuote = await quoteGiftCard(server, customer.person, brandId, amount);
      const response = await buyGiftCard(server, customer.person, quote);
      if (amount > spendable) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().code_description).toBe('NOT_ENOUGH_BALANCE');
        count('refusals');
        return;
      }
      expect(response.statusCode, response.body).toBe(201);
      if (customer.bonus > 0) count('gift cards paid partly with the bonus');
      // The bonus pays first.
      const fromBonus = Math.min(customer.bonus, amount);
      customer.bonus -= fromBonus;
      customer.available -= amount - fromBonus;
      const settled = await settledTransaction(
        server,
        customer.person,
        response.json().transaction_id,
      );
      if (op.brand === 'SBX-sandbox-declined') {
        expect(settled.status).toBe('Failed');
        count('gift cards declined');
        // Each leg comes back where it came from: the bonus as bonus.
        customer.bonus += fromBonus;
        customer.available += amount - fromBonus;
      } else {
        expect(settled.status).toBe('Successful');
        count(quote.reward_in_cents > 0 ? 'gift cards with a reward' : 'gift cards');
        customer.available += quote.cashback_in_cents + quote.reward_in_cents;
      }
      return;
    }
    case 'debit': {
      // The bonus pays for gift cards and prepaid cards only.
      const amount = Math.max(100, Math.floor((customer.available * op.percent) / 100));
      const response = await redeem(customer, {
        mode: 'debit',
        payment_method_uuid: op.declined ? customer.cards.declined : customer.cards.ok,
        amount_in_cents: amount,
        ...(await mintWithdrawalCode(server.database.db, customer.person.phone)),
      });
      if (amount > customer.available) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().code_description).toBe('NOT_ENOUGH_BALANCE');
        count('refusals');
        return;
      }
      count(op.declined ? 'payouts declined' : 'payouts');
      expect(response.statusCode, response.body).toBe(201);
      const settled = await settledTransaction(
        server,
        customer.person,
        response.json().transaction_id,
      );
      expect(settled.status).toBe(op.declined ? 'Failed' : 'Successful');
      // The whole amount leaves (its fee included), and all of it comes back when declined.
      if (!op.declined) customer.available -= amount;
      return;
    }
  }
}

async function allPages<T>(token: string, path: string, limit: number): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page = await call(
      app(),
      'GET',
      `${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      undefined,
      { token },
    );
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { data: T[]; next_cursor: string | null };
    items.push(...body.data);
    cursor = body.next_cursor;
  } while (cursor);
  return items;
}

/** What home shows matches the model; a brand's reward may land a moment after the card. */
async function expectBalance(customer: Customer, label: string): Promise<number> {
  const expected = {
    available: customer.available,
    bonus: customer.bonus,
    total: customer.available + customer.bonus,
  };
  let seen = expected;
  await expect
    .poll(
      async () => {
        const balance = await balanceOf(app(), customer.person.accessToken);
        seen = {
          available: balance.available_in_cents,
          bonus: balance.bonus_in_cents,
          total: balance.total_in_cents,
        };
        return seen;
      },
      { timeout: 10_000, interval: 100 },
    )
    .toEqual(expected);
  expect(seen, label).toEqual(expected);
  return expected.total;
}

/** The statement's lines and Transaction History's rows both add up to the balance. */
async function expectHistoriesAddUp(customer: Customer, total: number, label: string) {
  const token = customer.person.accessToken;
  const statement = await allPages<{ id: string; amount_in_cents: number }>(
    token,
    '/v1/wallet/statement',
    5,
  );
  expect(new Set(statement.map((line) => line.id)).size, label).toBe(statement.length);
  expect(
    statement.reduce((sum, line) => sum + line.amount_in_cents, 0),
    `statement of ${label}`,
  ).toBe(total);

  const refunds = await allPages<{ wallet_credit_in_cents: number | null }>(
    token,
    '/v1/refunds',
    4,
  );
  const redemptions = await allPages<{ net_amount_in_cents: number }>(token, '/v1/transactions', 4);
  const movements = await allPages<{ amount_in_cents: number }>(
    token,
    `/v1/wallet/statement?kinds=${transactionHistoryMovementKinds.join(',')}`,
    4,
  );
  const rows =
    refunds.reduce((sum, r) => sum + (r.wallet_credit_in_cents ?? 0), 0) -
    redemptions.reduce((sum, r) => sum + r.net_amount_in_cents, 0) +
    movements.reduce((sum, line) => sum + line.amount_in_cents, 0);
  expect(rows, `Transaction History of ${label}`).toBe(total);
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number`);
  return value;
}

const seed = intFromEnv('WALLET_PROPERTY_SEED', (Date.now() ^ (Math.random() * 2 ** 32)) | 0);
const numRuns = Math.max(1, intFromEnv('WALLET_PROPERTY_RUNS', 10));
const timeLimitMs = Math.max(180_000, numRuns * 30_000);

it(
  'home, the statement and Transaction History agree with the ledger through bonuses, free play, gift cards and payouts',
  async () => {
    // eslint-disable-next-line no-console -- the seed is this test's output
    console.log(`wallet property: ${numRuns} runs, replay with WALLET_PROPERTY_SEED=${seed}`);
    await fc.assert(
      fc.asyncProperty(sequenceArb, async (ops) => {
        const customers = await Promise.all(Array.from({ length: CUSTOMERS }, newCustomer));
        for (const op of ops) {
          await runOp(customers, op);
          for (const [i, customer] of customers.entries())
            await expectBalance(customer, `customer ${i} after ${op.type}`);
        }
        const report = await checkLedger(server.database.db);
        expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
        for (const [i, customer] of customers.entries()) {
          const total = await expectBalance(customer, `customer ${i}`);
          await expectHistoriesAddUp(customer, total, `customer ${i}`);
        }
      }),
      { numRuns, seed, interruptAfterTimeLimit: timeLimitMs, markInterruptAsFailure: true },
    );
    // eslint-disable-next-line no-console -- what the runs covered
    console.log('wallet property covered:', Object.fromEntries(done));
  },
  timeLimitMs + 60_000,
);
