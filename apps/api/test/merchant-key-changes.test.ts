import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesConnectionName, instanceOf } from '../src/db/database';
import { newMerchant, type TestMerchant } from './support/refund-fixtures';
import { eventually } from './support/eventually';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * A merchant's API key is kept checked until the database announces a change to the merchants:
 * a key revoked anywhere (another instance, an operator's statement) is refused at once, on both
 * engines; while an instance does not hear changes, it checks every key afresh.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A merchant call any valid key may make: a refund that does not exist answers 404. */
const statusWith = async (on: TestServer, merchant: TestMerchant) =>
  (
    await call(on.app, 'GET', `/v1/merchant/refunds/${randomUUID()}`, undefined, {
      token: merchant.apiKey,
    })
  ).statusCode;

const revoke = (merchant: TestMerchant) =>
  server.database.db.execute(
    sql`update merchants set api_key_hash = ${`revoked-${randomUUID()}`} where id = ${merchant.id}`,
  );

/**
 * A merchant made, and the announcement of its making heard: a check of its key made now is
 * kept (a check that an announcement overtakes is answered, not kept).
 */
async function madeMerchant(): Promise<TestMerchant> {
  const merchant = await newMerchant(server.database.db);
  await new Promise((resolve) => setTimeout(resolve, 200));
  return merchant;
}

describe('a merchant key revoked outside the server’s own requests', () => {
  it('is refused at once, though its check was kept', async () => {
    const merchant = await madeMerchant();
    expect(await statusWith(server, merchant)).toBe(404);
    expect(await statusWith(server, merchant)).toBe(404);
    await revoke(merchant);
    expect(
      await eventually(
        () => statusWith(server, merchant),
        (s) => s === 401,
      ),
    ).toBe(401);
  });

  it('leaves the other merchants’ keys working', async () => {
    const kept = await madeMerchant();
    const revoked = await madeMerchant();
    expect(await statusWith(server, kept)).toBe(404);
    expect(await statusWith(server, revoked)).toBe(404);
    await revoke(revoked);
    expect(
      await eventually(
        () => statusWith(server, revoked),
        (s) => s === 401,
      ),
    ).toBe(401);
    expect(await statusWith(server, kept)).toBe(404);
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL database', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer();
  });
  afterAll(() => other.close());

  it('a key revoked is refused by the other instance at once', async () => {
    const merchant = await madeMerchant();
    expect(await statusWith(other, merchant)).toBe(404);
    await revoke(merchant);
    expect(
      await eventually(
        () => statusWith(other, merchant),
        (s) => s === 401,
      ),
    ).toBe(401);
  });

  it('while its listening connection is cut, an instance checks every key afresh', async () => {
    const merchant = await madeMerchant();
    expect(await statusWith(other, merchant)).toBe(404);
    const name = changesConnectionName(instanceOf(other.database.db).id);
    await server.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`,
    );
    const cut = await eventually(
      () => Promise.resolve(other.database.changes.live()),
      (live) => !live,
    );
    expect(cut).toBe(false);
    expect(await statusWith(other, merchant)).toBe(404);
    // Unheard by `other`: refused on its very next request all the same.
    await revoke(merchant);
    expect(await statusWith(other, merchant)).toBe(401);
  });
});
