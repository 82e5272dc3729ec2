import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand, BrandList } from '@refund/contracts/brands';
import { syncGiftCardCatalog, type Merchandising } from '../src/features/giftcards/catalog-sync';
import type { GiftCardIssuer, IssuerBrand } from '../src/providers/ports';
import { ownDatabase } from './support/own-database';
import { signUpNewPerson, type SignedIn } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * Catalog changes at the issuer reach the catalog through the sync: a brand that goes out of
 * stock, new amounts, a brand dropped. A database of its own: this catalog is not the sandbox's.
 */
let server: TestServer;
let person: SignedIn;
let database: Awaited<ReturnType<typeof ownDatabase>>;
beforeAll(async () => {
  database = await ownDatabase();
  server = await startTestServer({
    GIFT_CARD_PROVIDER: 'none',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  person = await signUpNewPerson(server.app);
});
afterAll(async () => {
  await server.close();
  await database?.drop();
});

const brand = (id: string, overrides: Partial<IssuerBrand> = {}): IssuerBrand => ({
  providerBrandId: id,
  name: `Brand ${id}`,
  description: `What ${id} sells.`,
  terms: `Terms of ${id}.`,
  categories: ['dining'],
  denominations: { type: 'open', minCents: 500, maxCents: 10_000, wholeDollars: false },
  discountBps: 1_000,
  redeemableOnline: true,
  redeemableInStore: false,
  expiry: { type: 'never' },
  balanceCheckUrl: null,
  state: 'live',
  artwork: { background: '#112233', accent: '#ffeedd', monogram: 'B', motif: 'rings' },
  ...overrides,
});

const issuerListing = (brands: IssuerBrand[]): Pick<GiftCardIssuer, 'catalog'> => ({
  catalog: async () => brands,
});

const merchandising: Merchandising = { cashbackShareBps: 5_000, featured: ['B'], disabled: [] };

async function catalog(): Promise<Brand[]> {
  const response = await call(server.app, 'GET', '/v1/brands?limit=100', undefined, {
    token: person.accessToken,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as BrandList).featured_brands.data;
}

const byId = (brands: Brand[]) => new Map(brands.map((b) => [b.provider_brand_id, b]));

/**
 * Syncs, and waits until the server has heard the database announce the change: its brand lists
 * are kept in memory until then, as they follow the announcement, not the write.
 */
async function synced(...args: Parameters<typeof syncGiftCardCatalog>) {
  const heard = new Promise<void>((resolve) => {
    const stop = server.database.changes.subscribe((change) => {
      if (change !== 'catalog' && change !== 'all') return;
      stop();
      resolve();
    });
  });
  const result = await syncGiftCardCatalog(...args);
  await heard;
  return result;
}

describe('syncing the catalog from the issuer', () => {
  it('lists what the issuer lists, with the product’s cashback, featured and switched-off brands', async () => {
    expect(await catalog()).toEqual([]);
    const result = await synced(
      server.database.db,
      issuerListing([brand('A'), brand('B', { discountBps: 801 }), brand('C')]),
      { cashbackShareBps: 5_000, featured: ['B'], disabled: ['C'] },
    );
    expect(result).toEqual({ listed: 3, unlisted: 0 });
    const brands = await catalog();
    expect(brands.map((b) => b.provider_brand_id)).toEqual(['B', 'A', 'C']);
    expect(byId(brands).get('B')).toMatchObject({
      is_featured: true,
      cashback_bps: 400,
      offer_label: '4% cashback',
    });
    expect(byId(brands).get('A')).toMatchObject({ is_featured: false, cashback_bps: 500 });
    expect(byId(brands).get('C')).toMatchObject({ is_enabled: false });
  });

  it('follows changes: out of stock, new amounts, a brand dropped; ids stay the same', async () => {
    const before = byId(await catalog());
    const result = await synced(
      server.database.db,
      issuerListing([
        brand('A', { state: 'temporarily_unavailable' }),
        brand('B', { denominations: { type: 'fixed', valuesCents: [5_000, 2_500] } }),
      ]),
      merchandising,
    );
    expect(result).toEqual({ listed: 2, unlisted: 1 });
    const after = byId(await catalog());
    expect([...after.keys()].sort()).toEqual(['A', 'B']);
    expect(after.get('A')).toMatchObject({
      id: before.get('A')?.id,
      state: 'temporarily_unavailable',
    });
    expect(after.get('B')?.denominations).toEqual({
      type: 'fixed',
      values_in_cents: [2_500, 5_000],
    });
    const dropped = await call(server.app, 'GET', `/v1/brands/${before.get('C')?.id}`, undefined, {
      token: person.accessToken,
    });
    expect(dropped.statusCode).toBe(404);
  });

  it('leaves out a brand it cannot show rightly, and draws plain art for bad artwork', async () => {
    await synced(
      server.database.db,
      issuerListing([
        brand('A'),
        brand('B', {
          artwork: {
            background: 'red"/><script>alert(1)</script>',
            accent: '#fff',
            monogram: 'B',
            motif: 'rings',
          },
        }),
        brand('D', { categories: ['cars' as 'dining'] }),
        brand('E', {
          denominations: { type: 'open', minCents: 0, maxCents: 100, wholeDollars: false },
        }),
        brand('F', { denominations: { type: 'fixed', valuesCents: [] } }),
      ]),
      merchandising,
    );
    const brands = byId(await catalog());
    expect([...brands.keys()].sort()).toEqual(['A', 'B']);
    const image = await call(server.app, 'GET', brands.get('B')?.images[0]?.url ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.body).not.toContain('script');
  });

  it('changes nothing when the issuer does not answer', async () => {
    const before = await catalog();
    const down: Pick<GiftCardIssuer, 'catalog'> = {
      catalog: () => Promise.reject(new Error('issuer unreachable')),
    };
    await expect(syncGiftCardCatalog(server.database.db, down, merchandising)).rejects.toThrow(
      'issuer unreachable',
    );
    expect(await catalog()).toEqual(before);
  });
});
