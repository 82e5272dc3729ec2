import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandList } from '@refund/contracts/brands';
import { giftcardBrands } from '../src/db/schema';
import { createBrandCatalog } from '../src/features/giftcards/brand-catalog';
import { ownDatabase } from './support/own-database';
import { signUpNewPerson } from './support/people';
import { toldChanges } from './support/told-changes';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * The brand lists are answered from a snapshot of the catalog kept in memory until the database
 * announces a change to it (migration 0033), with an entity tag a client can send back.
 */
let server: TestServer;
let database: Awaited<ReturnType<typeof ownDatabase>>;

beforeAll(async () => {
  database = await ownDatabase();
  server = await startTestServer({
    GIFT_CARD_PROVIDER: 'sandbox',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
});
afterAll(async () => {
  await server.close();
  await database?.drop();
});

const HARBOR = 'SBX-harbor-coffee';
const names = (body: BrandList) => body.featured_brands.data.map((b) => b.provider_brand_id);
const listed = async (isListed: boolean) =>
  server.database.db
    .update(giftcardBrands)
    .set({ isListed })
    .where(eq(giftcardBrands.providerBrandId, HARBOR));

const everything = { limit: 100, page: 1 } as const;

describe('GET /v1/brands', () => {
  it('tells a client that has the list already, by its entity tag, without sending it', async () => {
    const { accessToken: token } = await signUpNewPerson(server.app);
    const first = await call(server.app, 'GET', '/v1/brands?limit=100', undefined, { token });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(names(first.json())).toContain(HARBOR);

    const again = await call(server.app, 'GET', '/v1/brands?limit=100', undefined, {
      token,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another list has a tag of its own.
    const other = await call(server.app, 'GET', '/v1/brands?limit=2', undefined, { token });
    expect(other.headers.etag).not.toBe(etag);
    // Without a sign-in, nothing.
    expect((await call(server.app, 'GET', '/v1/brands?limit=100')).statusCode).toBe(401);
  });

  it('goes out compressed where the client takes it, the same list either way', async () => {
    const { accessToken: token } = await signUpNewPerson(server.app);
    const ask = (encoding?: string) =>
      call(server.app, 'GET', '/v1/brands?limit=20&page=1', undefined, {
        token,
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await ask('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(new Set([plain, br, gzip].map((answer) => answer.headers.etag)).size).toBe(1);
  });

  it('shows a change to the catalog once the database announces it, with a new tag', async () => {
    const { accessToken: token } = await signUpNewPerson(server.app);
    const before = await call(server.app, 'GET', '/v1/brands?limit=100', undefined, { token });
    await listed(false);
    try {
      await expect
        .poll(async () => {
          const now = await call(server.app, 'GET', '/v1/brands?limit=100', undefined, { token });
          return { hasHarbor: names(now.json()).includes(HARBOR), etag: now.headers.etag };
        })
        .toEqual({
          hasHarbor: false,
          etag: expect.not.stringMatching(String(before.headers.etag)),
        });
    } finally {
      await listed(true);
    }
    await expect
      .poll(async () => {
        const now = await call(server.app, 'GET', '/v1/brands?limit=100', undefined, { token });
        return names(now.json()).includes(HARBOR);
      })
      .toBe(true);
  });
});

describe('the brand catalog', () => {
  it('keeps its snapshot until a change to the catalog is heard', async () => {
    const changes = toldChanges();
    const catalog = createBrandCatalog({
      db: server.database.db,
      changes,
      selections: { teamShops: [] },
    });
    try {
      expect(names((await catalog.list(everything)).list)).toContain(HARBOR);
      await listed(false);
      // Not heard yet: the snapshot stands.
      expect(names((await catalog.list(everything)).list)).toContain(HARBOR);
      // A customer's change is not the catalog's.
      changes.announce({ userId: crypto.randomUUID() });
      expect(names((await catalog.list(everything)).list)).toContain(HARBOR);
      changes.announce('catalog');
      expect(names((await catalog.list(everything)).list)).not.toContain(HARBOR);
      await listed(true);
      // Changes that may have been missed drop it too.
      changes.announce('all');
      expect(names((await catalog.list(everything)).list)).toContain(HARBOR);
    } finally {
      await listed(true);
      catalog.stop();
    }
  });

  it('reads the catalog afresh for every list while changes are not heard', async () => {
    const changes = toldChanges();
    changes.isLive = false;
    const catalog = createBrandCatalog({
      db: server.database.db,
      changes,
      selections: { teamShops: [] },
    });
    try {
      expect(names((await catalog.list(everything)).list)).toContain(HARBOR);
      await listed(false);
      expect(names((await catalog.list(everything)).list)).not.toContain(HARBOR);
    } finally {
      await listed(true);
      catalog.stop();
    }
  });
});
