import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandList } from '@refund/contracts/brands';
import { loadConfig } from '../src/config';
import { giftcardBrands } from '../src/db/schema';
import { sandboxTeamShopBrands } from '../src/providers/sandbox-giftcards';
import { startRunaStub, type RunaStub } from '../src/providers/testing/runa-stub';
import { ownDatabase } from './support/own-database';
import { signUpNewPerson } from './support/people';
import {
  productionCustomer,
  startProductionWorld,
  type ProductionWorld,
} from './support/production-world';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * GET /v1/brands?category=team_shop: the sports merchant's team-shop gift cards, the brands
 * GIFT_CARD_TEAM_SHOP_BRANDS names, picked when asked (no column, no sync), and only those offered
 * (listed and enabled). Unset, the sandbox's three outside production and none in production.
 */
const started: { server: TestServer; drop: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const { server, drop } of started) {
    await server.close();
    await drop();
  }
});

/** A server with `env` on a database of its own (team shops and switched-off brands differ). */
async function serverWith(env: Record<string, string | undefined>): Promise<TestServer> {
  const database = await ownDatabase();
  const server = await startTestServer({
    GIFT_CARD_PROVIDER: 'sandbox',
    ...env,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  started.push({ server, drop: async () => database?.drop() });
  return server;
}

async function brandsOn(server: TestServer, token: string, query: string) {
  return call(server.app, 'GET', `/v1/brands${query}`, undefined, { token });
}

async function pageOn(
  server: TestServer,
  token: string,
  query: string,
): Promise<BrandList['featured_brands']> {
  const response = await brandsOn(server, token, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as BrandList).featured_brands;
}

const ids = (page: BrandList['featured_brands']) => page.data.map((b) => b.provider_brand_id);

describe('GIFT_CARD_TEAM_SHOP_BRANDS', () => {
  it('is read like the other brand lists: empty means none, not unset', () => {
    expect(
      loadConfig({ GIFT_CARD_TEAM_SHOP_BRANDS: ' A, B ,,C' }).GIFT_CARD_TEAM_SHOP_BRANDS,
    ).toEqual(['A', 'B', 'C']);
    expect(loadConfig({ GIFT_CARD_TEAM_SHOP_BRANDS: ' , ' }).GIFT_CARD_TEAM_SHOP_BRANDS).toEqual(
      [],
    );
    expect(loadConfig({}).GIFT_CARD_TEAM_SHOP_BRANDS).toBeUndefined();
  });
});

describe('the team shops of the sandbox (unset)', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await signUpNewPerson(server.app)).accessToken;
  });
  afterAll(() => server.close());

  it("answers the sandbox's three team shops, by name, and no other sports brand", async () => {
    const teamShops = await pageOn(server, token, '?category=team_shop&limit=100');
    expect(ids(teamShops)).toEqual([
      'SBX-bayview-herons-team-shop',
      'SBX-hometown-hawks-team-shop',
      'SBX-lakeside-lumberjacks-team-shop',
    ]);
    expect([...ids(teamShops)].sort()).toEqual([...sandboxTeamShopBrands].sort());
    expect(teamShops.total_page).toBe(1);
    expect(teamShops.data.every((b) => b.is_enabled && b.categories.includes('sports'))).toBe(true);
    const [herons] = teamShops.data;
    expect(herons).toMatchObject({
      name: 'Bayview Herons Team Shop',
      cashback_bps: 300,
      offer_label: '3% cashback',
      state: 'live',
    });
    expect(herons?.images.map((i) => i.dimensions)).toContain('300w-326ppi');

    // The other sports brands are in the catalog, not among the team shops.
    const sports = ids(await pageOn(server, token, '?category=sports&limit=100'));
    expect(sports).toContain('SBX-court-field');
    expect(sports).toEqual(expect.arrayContaining(sandboxTeamShopBrands));
  });

  it('pages them, and takes the web app’s filter and a search', async () => {
    const filter = encodeURIComponent('{"is_enabled":true}');
    const first = await pageOn(server, token, `?category=team_shop&limit=2&filter=${filter}`);
    expect(ids(first)).toEqual(['SBX-bayview-herons-team-shop', 'SBX-hometown-hawks-team-shop']);
    expect(first.total_page).toBe(2);
    const second = await pageOn(server, token, `?category=team_shop&limit=2&page=2`);
    expect(ids(second)).toEqual(['SBX-lakeside-lumberjacks-team-shop']);
    expect(ids(await pageOn(server, token, '?category=team_shop&q=hawks'))).toEqual([
      'SBX-hometown-hawks-team-shop',
    ]);
    // They are offered brands only: asking for switched-off ones among them finds none.
    const off = encodeURIComponent('{"is_enabled":false}');
    expect(await pageOn(server, token, `?category=team_shop&filter=${off}`)).toEqual({
      data: [],
      total_page: 0,
    });
  });

  it('needs a signed-in customer', async () => {
    const response = await call(server.app, 'GET', '/v1/brands?category=team_shop');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code_description: 'UNAUTHORIZED' });
  });

  const badCategory = 'category must be featured, team_shop or one of';
  it.each([
    ['?category=team-shop', badCategory],
    ['?category=TEAM_SHOP', badCategory],
    ['?category=team_shops', badCategory],
    ['?category=team_shop&limit=0', 'limit must be at least 1'],
    ['?category=team_shop&page=0', 'page must be at least 1'],
  ])('refuses %s with a 400 in the error shape', async (query, message) => {
    const response = await brandsOn(server, token, query);
    expect(response.statusCode).toBe(400);
    const body = response.json() as Record<string, unknown>;
    expect(body).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    expect(Object.keys(body).sort()).toEqual(['code', 'code_description', 'message']);
    expect(body.message).toContain(message);
  });
});

describe('configured team shops', () => {
  it('answers only the configured brands that are listed and enabled', async () => {
    const server = await serverWith({
      // Linen House is switched off by the sandbox's demo; the last id is in no catalog.
      GIFT_CARD_TEAM_SHOP_BRANDS:
        'SBX-court-field,SBX-bayview-herons-team-shop,SBX-linen-house,SBX-no-such-brand',
    });
    const { accessToken: token } = await signUpNewPerson(server.app);
    const teamShops = await pageOn(server, token, '?category=team_shop&limit=100');
    expect(ids(teamShops)).toEqual(['SBX-bayview-herons-team-shop', 'SBX-court-field']);
    // A sandbox team shop not named is not one here.
    expect(ids(teamShops)).not.toContain('SBX-hometown-hawks-team-shop');

    // A brand the issuer stops listing is kept, unlisted (ADR 0017): no longer a team shop.
    await server.database.db
      .update(giftcardBrands)
      .set({ isListed: false })
      .where(eq(giftcardBrands.providerBrandId, 'SBX-court-field'));
    // The lists read the catalog kept in memory: the change shows once it is announced.
    await expect
      .poll(async () => ids(await pageOn(server, token, '?category=team_shop&limit=100')))
      .toEqual(['SBX-bayview-herons-team-shop']);
  });

  it('leaves out a team shop switched off with GIFT_CARD_DISABLED_BRANDS', async () => {
    const server = await serverWith({
      GIFT_CARD_DISABLED_BRANDS: 'SBX-hometown-hawks-team-shop',
    });
    const { accessToken: token } = await signUpNewPerson(server.app);
    expect(ids(await pageOn(server, token, '?category=team_shop&limit=100'))).toEqual([
      'SBX-bayview-herons-team-shop',
      'SBX-lakeside-lumberjacks-team-shop',
    ]);
  });

  it('empty: no team shops, the catalog itself unchanged', async () => {
    const server = await serverWith({ GIFT_CARD_TEAM_SHOP_BRANDS: '' });
    const { accessToken: token } = await signUpNewPerson(server.app);
    expect(await pageOn(server, token, '?category=team_shop')).toEqual({
      data: [],
      total_page: 0,
    });
    expect(ids(await pageOn(server, token, '?q=hawks'))).toEqual(['SBX-hometown-hawks-team-shop']);
  });
});

describe('in production', () => {
  let world: ProductionWorld;
  let runa: RunaStub;
  beforeAll(async () => {
    world = await startProductionWorld();
    runa = await startRunaStub();
  });
  afterAll(async () => {
    await world?.close();
    await runa?.close();
  });

  it('offers no team shops unless configuration names them', async () => {
    const issuer = {
      GIFT_CARD_PROVIDER: 'runa',
      RUNA_API_KEY: runa.apiKey,
      RUNA_BASE_URL: `${runa.url}/v2`,
    };
    const unset = await world.start(issuer);
    try {
      const customer = await productionCustomer(world, unset, 1_000);
      expect((await pageOn(unset, customer.token, '?limit=100')).data.length).toBeGreaterThan(0);
      expect(await pageOn(unset, customer.token, '?category=team_shop')).toEqual({
        data: [],
        total_page: 0,
      });
      const named = await world.start({ ...issuer, GIFT_CARD_TEAM_SHOP_BRANDS: 'STREAM-US' });
      try {
        // On the embedded engine each server has a database of its own: a customer of its own.
        const other = await productionCustomer(world, named, 1_000);
        expect(ids(await pageOn(named, other.token, '?category=team_shop'))).toEqual(['STREAM-US']);
      } finally {
        await named.close();
      }
    } finally {
      await unset.close();
    }
  });
});
