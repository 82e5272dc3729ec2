import { afterAll, describe, expect, it } from 'vitest';
import type { BrandList } from '@refund/contracts/brands';
import { loadConfig } from '../src/config';
import { sandboxFeaturedBrands } from '../src/providers/sandbox-giftcards';
import { ownDatabase } from './support/own-database';
import { signUpNewPerson } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * GIFT_CARD_FEATURED_BRANDS decides the promotion page's brands: unset, the sandbox's demo
 * list; set, exactly its brands in its order; set empty, none. Each server gets a database of
 * its own: the featured brands are the whole catalog's.
 */
const started: { server: TestServer; drop: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const { server, drop } of started) {
    await server.close();
    await drop();
  }
});

/** The promotion page's call (SPEC §7) on a server started with `featured`. */
async function featuredOn(featured: string | undefined): Promise<BrandList['featured_brands']> {
  const database = await ownDatabase();
  const server = await startTestServer({
    GIFT_CARD_PROVIDER: 'sandbox',
    GIFT_CARD_FEATURED_BRANDS: featured,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  started.push({ server, drop: async () => database?.drop() });
  const person = await signUpNewPerson(server.app);
  const filter = encodeURIComponent('{"is_enabled":true}');
  const response = await call(
    server.app,
    'GET',
    `/v1/brands?limit=4&page=1&category=featured&filter=${filter}`,
    undefined,
    { token: person.accessToken },
  );
  expect(response.statusCode, response.body).toBe(200);
  const all = await call(server.app, 'GET', '/v1/brands?limit=1', undefined, {
    token: person.accessToken,
  });
  // The catalog itself is there whatever is featured.
  expect((all.json() as BrandList).featured_brands.data).toHaveLength(1);
  return (response.json() as BrandList).featured_brands;
}

const ids = (page: BrandList['featured_brands']) => page.data.map((b) => b.provider_brand_id);

describe('GIFT_CARD_FEATURED_BRANDS', () => {
  it('reads an empty value as "none featured", not as unset', () => {
    expect(loadConfig({ GIFT_CARD_FEATURED_BRANDS: '' }).GIFT_CARD_FEATURED_BRANDS).toEqual([]);
    expect(loadConfig({ GIFT_CARD_FEATURED_BRANDS: ' , ' }).GIFT_CARD_FEATURED_BRANDS).toEqual([]);
    expect(loadConfig({}).GIFT_CARD_FEATURED_BRANDS).toBeUndefined();
  });

  it('empty: the promotion page gets no featured brands', async () => {
    const page = await featuredOn('');
    expect(page).toEqual({ data: [], total_page: 0 });
  });

  it('three ids: exactly those, in that order, on one page', async () => {
    const page = await featuredOn('SBX-voltline,SBX-harbor-coffee,SBX-maple-pine');
    expect(ids(page)).toEqual(['SBX-voltline', 'SBX-harbor-coffee', 'SBX-maple-pine']);
    expect(page.total_page).toBe(1);
  });

  it("unset: the sandbox demo's featured brands", async () => {
    const page = await featuredOn(undefined);
    expect(ids(page)).toEqual(sandboxFeaturedBrands.slice(0, 4));
    expect(page.total_page).toBe(Math.ceil(sandboxFeaturedBrands.length / 4));
  });
});
