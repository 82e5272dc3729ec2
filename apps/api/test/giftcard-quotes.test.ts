import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_QUOTE_SECONDS, type Brand, type BrandList } from '@refund/contracts/brands';
import { eq } from 'drizzle-orm';
import { giftcardQuotes } from '../src/db/schema';
import { deleteStaleQuotes } from '../src/features/giftcards/quotes';
import { signUpNewPerson, type SignedIn } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

/** Price-locked quotes on the sandbox catalog: which brands and amounts, and the cashback. */
let server: TestServer;
let person: SignedIn;
let catalog: Map<string, Brand>;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUpNewPerson(server.app);
  const listed = await call(server.app, 'GET', '/v1/brands?limit=100', undefined, {
    token: person.accessToken,
  });
  catalog = new Map(
    (listed.json() as BrandList).featured_brands.data.map((b) => [b.provider_brand_id, b]),
  );
});
afterAll(() => server.close());

const idOf = (providerId: string) => {
  const brand = catalog.get(providerId);
  if (!brand) throw new Error(`no ${providerId} in the catalog`);
  return brand.id;
};

const quote = (body: unknown, token: string | null = person.accessToken) =>
  call(server.app, 'POST', '/v1/giftcards/quotes', body, { token });

describe('POST /v1/giftcards/quotes', () => {
  it('quotes the cashback at the brand’s rate and holds it for ten minutes', async () => {
    const before = Date.now();
    const response = await quote({ brand_id: idOf('SBX-harbor-coffee'), amount_in_cents: 10_000 });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      brand_id: idOf('SBX-harbor-coffee'),
      amount_in_cents: 10_000,
      cashback_bps: 400,
      cashback_in_cents: 400,
      total_value_in_cents: 10_400,
    });
    const expires = Date.parse(body.expires_at) - before;
    expect(expires).toBeGreaterThanOrEqual(GIFT_CARD_QUOTE_SECONDS * 1000 - 1_000);
    expect(expires).toBeLessThanOrEqual(GIFT_CARD_QUOTE_SECONDS * 1000 + 5_000);
  });

  it('rounds the cashback down to whole cents', async () => {
    const response = await quote({ brand_id: idOf('SBX-little-lotus'), amount_in_cents: 2_599 });
    expect(response.json()).toMatchObject({ cashback_bps: 450, cashback_in_cents: 116 });
  });

  it('takes a fixed-amount brand’s own amounts only', async () => {
    const skyway = idOf('SBX-skyway-air');
    const listedAmount = await quote({ brand_id: skyway, amount_in_cents: 10_000 });
    expect(listedAmount.json()).toMatchObject({ cashback_in_cents: 150 });
    const other = await quote({ brand_id: skyway, amount_in_cents: 6_000 });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code_description: 'AMOUNT_NOT_OFFERED' });
  });

  it.each([
    ['SBX-harbor-coffee', 499, 'AMOUNT_OUT_OF_RANGE'],
    ['SBX-harbor-coffee', 10_001, 'AMOUNT_OUT_OF_RANGE'],
    ['SBX-ember-oak-grill', 2_550, 'AMOUNT_NOT_WHOLE_DOLLARS'],
  ])('refuses %s for %i cents with %s', async (brand, amount, code) => {
    const response = await quote({ brand_id: idOf(brand), amount_in_cents: amount });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code_description: code });
  });

  it('refuses a brand switched off or out of stock at the issuer, and an unknown one', async () => {
    for (const brand of ['SBX-linen-house', 'SBX-bright-audio']) {
      const response = await quote({ brand_id: idOf(brand), amount_in_cents: 5_000 });
      expect(response.statusCode, brand).toBe(409);
      expect(response.json()).toMatchObject({
        code_description: 'BRAND_UNAVAILABLE',
        message: 'This brand is unavailable at this moment. Please choose another one.',
      });
    }
    const unknown = await quote({ brand_id: crypto.randomUUID(), amount_in_cents: 5_000 });
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    [{ brand_id: 'coffee', amount_in_cents: 500 }],
    [{ brand_id: crypto.randomUUID(), amount_in_cents: '500' }],
    [{ brand_id: crypto.randomUUID(), amount_in_cents: 5.5 }],
    [{ brand_id: crypto.randomUUID(), amount_in_cents: 0 }],
    [{ brand_id: crypto.randomUUID(), amount_in_cents: 500, cashback_bps: 10_000 }],
  ])('refuses a bad request %j with a 400', async (body) => {
    const response = await quote(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
  });

  it('needs a signed-in customer', async () => {
    const response = await quote(
      { brand_id: idOf('SBX-harbor-coffee'), amount_in_cents: 500 },
      null,
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('keeping quotes in bounds', () => {
  it('lets one customer ask for 60 quotes an hour, then says to wait', async () => {
    const busy = await signUpNewPerson(server.app);
    const body = { brand_id: idOf('SBX-harbor-coffee'), amount_in_cents: 500 };
    for (let i = 0; i < 60; i += 1) {
      expect((await quote(body, busy.accessToken)).statusCode).toBe(201);
    }
    const over = await quote(body, busy.accessToken);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code_description: 'RATE_LIMITED' });
    expect((await quote(body)).statusCode).toBe(201);
  });

  it('deletes quotes expired a day ago, and keeps the others', async () => {
    const stale = (await quote({ brand_id: idOf('SBX-voltline'), amount_in_cents: 5_000 })).json();
    const fresh = (await quote({ brand_id: idOf('SBX-voltline'), amount_in_cents: 5_000 })).json();
    await server.database.db
      .update(giftcardQuotes)
      .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(giftcardQuotes.id, stale.quote_id));
    expect(await deleteStaleQuotes(server.database.db)).toBeGreaterThanOrEqual(1);
    const left = async (id: string) =>
      (await server.database.db.select().from(giftcardQuotes).where(eq(giftcardQuotes.id, id)))
        .length;
    expect(await left(stale.quote_id)).toBe(0);
    expect(await left(fresh.quote_id)).toBe(1);
  });
});
