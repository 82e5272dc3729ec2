import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Brand, BrandList } from '@refund/contracts/brands';
import type { Transaction } from '@refund/contracts/redemptions';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { giftcardBrands, giftcardOrders, giftcardQuotes, otpAttempts } from '../src/db/schema';
import {
  applyGiftCardOrderResult,
  GIFT_CARD_ORDER_QUEUE,
} from '../src/features/giftcards/giftcard-purchases';
import { deleteStaleQuotes } from '../src/features/giftcards/quotes';
import { drainQueues, MESSAGE_QUEUE } from './support/job-drain';
import {
  buyGiftCard,
  quoteGiftCard,
  settledTransaction,
  transactionOf,
} from './support/giftcard-fixtures';
import { fundedCustomer, mintWithdrawalCode, newMerchant } from './support/payout-fixtures';
import { ownDatabase } from './support/own-database';
import type { SignedIn } from './support/people';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, TEST_SECRETS, type TestServer } from './support/test-server';

/**
 * Buying gift cards with the wallet through POST /v1/redemptions (mode giftcard), on the sandbox
 * issuer: the amount held, the order placed by a job, issued a second later with the cashback
 * credited once, or failed with the money back. A database of its own: these tests change brands.
 */
let server: TestServer;
let merchant: TestMerchant;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let brands: Map<string, Brand>;
beforeAll(async () => {
  database = await ownDatabase();
  server = await startTestServer({
    SANDBOX_GIFT_CARD_FULFIL_SECONDS: '1',
    OTP_SENDS_PER_PHONE_PER_HOUR: '100',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  merchant = await newMerchant(server.database.db);
  const someone = await fundedCustomer(server.app, merchant, 100);
  const listed = await call(server.app, 'GET', '/v1/brands?limit=100', undefined, {
    token: someone.accessToken,
  });
  brands = new Map(
    (listed.json() as BrandList).featured_brands.data.map((b) => [b.provider_brand_id, b]),
  );
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(async () => {
  await server.close();
  await database?.drop();
});

const brandId = (providerId: string) => {
  const brand = brands.get(providerId);
  if (!brand) throw new Error(`no ${providerId}`);
  return brand.id;
};

const quote = (person: SignedIn, providerId: string, cents: number) =>
  quoteGiftCard(server, person, brandId(providerId), cents);
const buy = (
  person: SignedIn,
  q: { quote_id: string; amount_in_cents: number },
  options: { key?: string; botToken?: string } = {},
) => buyGiftCard(server, person, q, options);
const transaction = (person: SignedIn, id: string) => transactionOf(server, person, id);
const settled = (person: SignedIn, id: string) => settledTransaction(server, person, id);

const available = async (person: SignedIn) =>
  (await balanceOf(server.app, person.accessToken)).available_in_cents;

async function orderOf(redemptionId: string) {
  const [order] = await server.database.db
    .select()
    .from(giftcardOrders)
    .where(eq(giftcardOrders.redemptionId, redemptionId));
  return order;
}

describe('buying a gift card', () => {
  it('is offered as a method of its own, its amounts set per brand', async () => {
    const person = await fundedCustomer(server.app, merchant, 100);
    const methods = await call(server.app, 'GET', '/v1/redemption-methods', undefined, {
      token: person.accessToken,
    });
    expect(methods.json().data).toContainEqual({
      mode: 'giftcard',
      destination_kind: 'gift_card',
      spends_bonus: true,
      is_available: true,
      min_amount: null,
      max_amount: null,
      fee_rate: null,
      is_whole_amount_value_required: false,
    });
  });

  it('takes the amount, then the issuer issues the card and the cashback arrives', async () => {
    const person = await fundedCustomer(server.app, merchant, 20_000);
    const q = await quote(person, 'SBX-harbor-coffee', 10_000);
    const key = crypto.randomUUID();
    const bought = await buy(person, q, { key });
    expect(bought.statusCode, bought.body).toBe(201);
    const first = bought.json() as Transaction;
    expect(first).toMatchObject({
      mode: 'giftcard',
      status: 'Pending',
      amount_in_cents: 10_000,
      fee_in_cents: 0,
      destination: { kind: 'gift_card', brand: 'Harbor Coffee Co.', bank_name: null, last4: '' },
    });
    expect(await available(person)).toBe(10_000);

    const done = await settled(person, first.transaction_id);
    expect(done.status).toBe('Successful');
    // Spend $100.00, get $104.00 back: the card, and $4.00 cashback in the wallet.
    expect(await available(person)).toBe(10_400);
    const order = await orderOf(first.transaction_id);
    expect(order).toMatchObject({ status: 'issued', cashbackCents: 400 });
    expect(order?.rewardReferenceId).toMatch(/^GC-[A-Z2-9]{10}$/);
    expect(order?.sealedCredentials).toBeTruthy();
    expect(order?.sealedCredentials).not.toMatch(/\d{4}-\d{4}/);

    const again = await buy(person, q, { key });
    expect(again.statusCode).toBe(200);
    expect((again.json() as Transaction).transaction_id).toBe(first.transaction_id);
    expect(await available(person)).toBe(10_400);

    // Long expired, but bought with: the clean-up keeps it, and the order that names it.
    await server.database.db
      .update(giftcardQuotes)
      .set({ expiresAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(giftcardQuotes.id, q.quote_id));
    await deleteStaleQuotes(server.database.db);
    expect(await orderOf(first.transaction_id)).toMatchObject({ quoteId: q.quote_id });
  });

  it('sells a fixed-amount brand at one of its amounts', async () => {
    const person = await fundedCustomer(server.app, merchant, 5_000);
    const q = await quote(person, 'SBX-starlight-cinemas', 2_500);
    const bought = await buy(person, q);
    expect(bought.statusCode, bought.body).toBe(201);
    expect((await settled(person, bought.json().transaction_id)).status).toBe('Successful');
    expect(await available(person)).toBe(2_500 + 125);
  });

  it.each([
    ['SBX-sandbox-declined', 'The gift card issuer declined the order.'],
    ['SBX-sandbox-out-of-stock', 'This gift card is out of stock at the issuer.'],
  ])(
    'gives the money back when the issuer fails the order (%s), and says so',
    async (brand, reason) => {
      const person = await fundedCustomer(server.app, merchant, 3_000);
      const bought = await buy(person, await quote(person, brand, 2_000));
      expect(bought.statusCode, bought.body).toBe(201);
      const done = await settled(person, bought.json().transaction_id);
      expect(done).toMatchObject({ status: 'Failed', failure_reason: reason });
      expect(await available(person)).toBe(3_000);
      expect((await orderOf(done.transaction_id))?.status).toBe('failed');
      await drainQueues(server.database.db, [MESSAGE_QUEUE]);
      const inbox = await call(server.app, 'GET', `/v1/sandbox/messages?to=${person.phone}`);
      expect(JSON.stringify(inbox.json())).toContain(
        'Your $20.00 redemption did not go through. The full amount is back in your balance.',
      );
    },
  );

  it('keeps an order the issuer is still processing pending, the amount held', async () => {
    const person = await fundedCustomer(server.app, merchant, 3_000);
    const bought = await buy(person, await quote(person, 'SBX-sandbox-processing', 1_000));
    expect(bought.statusCode).toBe(201);
    // Once the order job has run (the issuer's answer: still processing), it is still pending.
    await drainQueues(server.database.db, [GIFT_CARD_ORDER_QUEUE]);
    expect((await transaction(person, bought.json().transaction_id)).status).toBe('Pending');
    expect(await available(person)).toBe(2_000);
    expect((await orderOf(bought.json().transaction_id))?.issuerOrderId).toMatch(/^SBXO~/);
  });

  it('pays the quote’s cashback even if the offer changes before the purchase', async () => {
    const person = await fundedCustomer(server.app, merchant, 10_000);
    const q = await quote(person, 'SBX-hearth-supply', 10_000);
    expect(q.cashback_in_cents).toBe(450);
    await server.database.db
      .update(giftcardBrands)
      .set({ cashbackBps: 100 })
      .where(eq(giftcardBrands.id, brandId('SBX-hearth-supply')));
    try {
      const bought = await buy(person, q);
      expect((await settled(person, bought.json().transaction_id)).status).toBe('Successful');
      expect(await available(person)).toBe(450);
    } finally {
      await server.database.db
        .update(giftcardBrands)
        .set({ cashbackBps: 450 })
        .where(eq(giftcardBrands.id, brandId('SBX-hearth-supply')));
    }
  });
});

describe('refusals, before any money moves', () => {
  async function refusedWithNothingChanged(
    person: SignedIn,
    response: Awaited<ReturnType<typeof buy>>,
    status: number,
    code: string,
  ) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ code_description: code });
    const list = await call(server.app, 'GET', '/v1/transactions', undefined, {
      token: person.accessToken,
    });
    return list.json().data as Transaction[];
  }

  it('an expired quote, or one already bought with', async () => {
    const person = await fundedCustomer(server.app, merchant, 5_000);
    const old = await quote(person, 'SBX-fieldstone-market', 2_500);
    await server.database.db
      .update(giftcardQuotes)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(giftcardQuotes.id, old.quote_id));
    expect(
      await refusedWithNothingChanged(person, await buy(person, old), 409, 'QUOTE_EXPIRED'),
    ).toEqual([]);

    const q = await quote(person, 'SBX-fieldstone-market', 2_500);
    expect((await buy(person, q)).statusCode).toBe(201);
    const second = await buy(person, q);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code_description: 'QUOTE_EXPIRED' });
    expect(await available(person)).toBeLessThanOrEqual(2_500 + 100);
  });

  it('someone else’s quote is not found, and an amount other than the quote’s is refused', async () => {
    const owner = await fundedCustomer(server.app, merchant, 5_000);
    const stranger = await fundedCustomer(server.app, merchant, 5_000);
    const q = await quote(owner, 'SBX-paperback-row', 2_000);
    const stolen = await buy(stranger, q);
    expect(await refusedWithNothingChanged(stranger, stolen, 404, 'NOT_FOUND')).toEqual([]);
    const changed = await buy(owner, { ...q, amount_in_cents: 1_000 });
    expect(await refusedWithNothingChanged(owner, changed, 400, 'VALIDATION_FAILED')).toEqual([]);
    expect(await available(owner)).toBe(5_000);
    expect(await available(stranger)).toBe(5_000);
  });

  it('a brand switched off between the quote and the purchase', async () => {
    const person = await fundedCustomer(server.app, merchant, 5_000);
    const q = await quote(person, 'SBX-arcade-alley', 2_000);
    await server.database.db
      .update(giftcardBrands)
      .set({ isEnabled: false })
      .where(eq(giftcardBrands.id, brandId('SBX-arcade-alley')));
    try {
      const code = await mintWithdrawalCode(server.database.db, person.phone);
      const response = await call(
        server.app,
        'POST',
        '/v1/redemptions',
        {
          mode: 'giftcard',
          payment_method_uuid: q.quote_id,
          amount_in_cents: 2_000,
          bot_token: SANDBOX_PASSING_BOT_TOKEN,
          ...code,
        },
        { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
      );
      expect(await refusedWithNothingChanged(person, response, 409, 'BRAND_UNAVAILABLE')).toEqual(
        [],
      );
      // The passcode was not used: the refusal came first.
      const [attempt] = await server.database.db
        .select({ consumedAt: otpAttempts.consumedAt })
        .from(otpAttempts)
        .where(eq(otpAttempts.id, code.attempt_id));
      expect(attempt?.consumedAt).toBeNull();
      expect(await available(person)).toBe(5_000);
    } finally {
      await server.database.db
        .update(giftcardBrands)
        .set({ isEnabled: true })
        .where(eq(giftcardBrands.id, brandId('SBX-arcade-alley')));
    }
  });

  it('a purchase that fails the bot check', async () => {
    const person = await fundedCustomer(server.app, merchant, 5_000);
    const q = await quote(person, 'SBX-fieldstone-market', 2_500);
    const response = await buy(person, q, { botToken: 'sandbox-bot-fail' });
    expect(await refusedWithNothingChanged(person, response, 403, 'BOT_CHECK_FAILED')).toEqual([]);
    expect(await available(person)).toBe(5_000);
    // The same quote still buys once the check passes.
    expect((await buy(person, q)).statusCode).toBe(201);
  });
});

describe('the issuer’s answers, replayed and out of order', () => {
  it('credits one cashback under 20 concurrent confirmations, and a late failure changes nothing', async () => {
    const person = await fundedCustomer(server.app, merchant, 10_000);
    // Never issued by the sandbox on its own: the confirmations below are the only ones.
    const q = await quote(person, 'SBX-sandbox-processing', 5_000);
    const bought = await buy(person, q);
    const id = (bought.json() as Transaction).transaction_id;
    expect(await available(person)).toBe(5_000);
    const deps = { db: server.database.db, jobs: server.jobs, vaultKey: TEST_SECRETS.VAULT_KEY };
    const issued = {
      status: 'issued' as const,
      issuerOrderId: 'ORDER-1',
      credentials: {
        code: '1111-2222',
        pin: '1234',
        url: null,
        barcode: null,
        barcodeFormat: null,
        expiresAt: null,
      },
    };
    await Promise.all(Array.from({ length: 20 }, () => applyGiftCardOrderResult(deps, id, issued)));
    expect((await transaction(person, id)).status).toBe('Successful');
    expect(await available(person)).toBe(5_000 + q.cashback_in_cents);

    await applyGiftCardOrderResult(deps, id, { status: 'failed', reason: 'late' });
    await applyGiftCardOrderResult(deps, id, issued);
    expect((await transaction(person, id)).status).toBe('Successful');
    expect(await available(person)).toBe(5_000 + q.cashback_in_cents);
  });
});
