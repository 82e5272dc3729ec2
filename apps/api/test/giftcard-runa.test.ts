import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandList } from '@refund/contracts/brands';
import type { Transaction } from '@refund/contracts/redemptions';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { startRunaStub, type RunaStub } from '../src/providers/testing/runa-stub';
import { buyGiftCard, quoteGiftCard, settledTransaction } from './support/giftcard-fixtures';
import { fundedCustomer, mintWithdrawalCode, newMerchant } from './support/payout-fixtures';
import { ownDatabase } from './support/own-database';
import type { SignedIn } from './support/people';
import { balanceOf, expectLedgerBalanced } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/** The whole purchase with GIFT_CARD_PROVIDER=runa, against a local stand-in of Runa's API. */
let runa: RunaStub;
let server: TestServer;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let person: SignedIn;
beforeAll(async () => {
  runa = await startRunaStub({ completeAfterMs: 300 });
  database = await ownDatabase();
  server = await startTestServer({
    GIFT_CARD_PROVIDER: 'runa',
    RUNA_API_KEY: runa.apiKey,
    RUNA_BASE_URL: `${runa.url}/v2`,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  person = await fundedCustomer(server.app, await newMerchant(server.database.db), 10_000);
});
afterAll(async () => {
  await server.close();
  await database?.drop();
  await runa.close();
});

describe('gift cards from Runa', () => {
  it('lists Runa’s catalog and buys a card: ordered once, issued as a payout link, cashback paid', async () => {
    const listed = await call(server.app, 'GET', '/v1/brands?limit=10', undefined, {
      token: person.accessToken,
    });
    const brands = (listed.json() as BrandList).featured_brands.data;
    expect(brands.map((b) => b.provider_brand_id).sort()).toEqual([
      'COFFEE-US',
      'FAIL-US',
      'STREAM-US',
    ]);
    const coffee = brands.find((b) => b.provider_brand_id === 'COFFEE-US');
    expect(coffee).toMatchObject({ cashback_bps: 400, offer_label: '4% cashback' });

    const q = await quoteGiftCard(server, person, coffee?.id, 5_000);
    const response = await buyGiftCard(server, person, q);
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json() as Transaction).transaction_id;
    const { status } = await settledTransaction(server, person, id);
    expect(status).toBe('Successful');
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(5_200);
    expect(runa.orders.size).toBe(1);
    expect([...runa.orders.keys()]).toEqual([id]);
    await expectLedgerBalanced(server.database.db);
  });
});

describe('an issuer that does not answer', () => {
  it('is not offered: gift cards are unavailable, and a purchase is refused before anything moves', async () => {
    const down = await startRunaStub();
    down.failNext(503, 1_000);
    const own = await ownDatabase();
    const bare = await startTestServer({
      GIFT_CARD_PROVIDER: 'runa',
      RUNA_API_KEY: down.apiKey,
      RUNA_BASE_URL: `${down.url}/v2`,
      ...(own ? { DATABASE_URL: own.url } : {}),
    });
    try {
      const buyer = await fundedCustomer(bare.app, await newMerchant(bare.database.db), 1_000);
      const methods = await call(bare.app, 'GET', '/v1/redemption-methods', undefined, {
        token: buyer.accessToken,
      });
      expect(methods.json().data).toContainEqual(
        expect.objectContaining({ mode: 'giftcard', is_available: false }),
      );
      const refused = await call(
        bare.app,
        'POST',
        '/v1/redemptions',
        {
          mode: 'giftcard',
          payment_method_uuid: crypto.randomUUID(),
          amount_in_cents: 500,
          bot_token: SANDBOX_PASSING_BOT_TOKEN,
          ...(await mintWithdrawalCode(bare.database.db, buyer.phone)),
        },
        { token: buyer.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code_description: 'METHOD_UNAVAILABLE' });
      expect((await balanceOf(bare.app, buyer.accessToken)).available_in_cents).toBe(1_000);
    } finally {
      await bare.close();
      await own?.drop();
      await down.close();
    }
  });
});
