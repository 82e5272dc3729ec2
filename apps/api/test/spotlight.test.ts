import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantSpotlight, MerchantSpotlightList } from '@refund/contracts/spotlight';
import { createTestMerchant, tinyPng, uploadFile, type TestMerchant } from './support/merchant';
import { ownDatabase } from './support/own-database';
import { signUpNewPerson, type SignedIn } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * Merchants create and end spotlights; customers see the newest live one (SPEC §2 /spotlight,
 * §3 Spotlight item). A database of its own: which spotlight is live is the whole database's.
 */
let server: TestServer;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let person: SignedIn;
let merchant: TestMerchant;
let other: TestMerchant;
beforeAll(async () => {
  database = await ownDatabase();
  server = await startTestServer(database ? { DATABASE_URL: database.url } : {});
  person = await signUpNewPerson(server.app);
  merchant = await createTestMerchant(server);
  other = await createTestMerchant(server);
});
afterAll(async () => {
  await server.close();
  await database?.drop();
});

async function upload(owner: TestMerchant): Promise<string> {
  const response = await uploadFile(server, owner.apiKey, tinyPng(crypto.randomUUID()));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { file_key: string }).file_key;
}

const create = (
  owner: TestMerchant,
  body: unknown,
  key: string | null = crypto.randomUUID(),
): Promise<LightMyRequestResponse> =>
  call(server.app, 'POST', '/v1/merchant/spotlights', body, {
    token: owner.apiKey,
    headers: key ? { 'idempotency-key': key } : {},
  });

async function created(owner: TestMerchant, body: Record<string, unknown>) {
  const response = await create(owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as MerchantSpotlight;
}

const end = (owner: TestMerchant, id: string) =>
  call(server.app, 'POST', `/v1/merchant/spotlights/${id}/end`, undefined, {
    token: owner.apiKey,
  });

async function live(): Promise<unknown> {
  const response = await call(server.app, 'GET', '/v1/spotlight', undefined, {
    token: person.accessToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { spotlight: unknown }).spotlight;
}

async function listOf(owner: TestMerchant, query = ''): Promise<MerchantSpotlightList> {
  const response = await call(server.app, 'GET', `/v1/merchant/spotlights${query}`, undefined, {
    token: owner.apiKey,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MerchantSpotlightList;
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

function expectRefused(response: LightMyRequestResponse, status: number, description: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'code_description', 'message']);
  expect(body.code_description).toBe(description);
  expect(body.message).toEqual(expect.any(String));
}

describe('GET /v1/spotlight', () => {
  it('needs a signed-in customer', async () => {
    const response = await call(server.app, 'GET', '/v1/spotlight');
    expectRefused(response, 401, 'UNAUTHORIZED');
  });

  it('answers null while no spotlight is live', async () => {
    expect(await live()).toBeNull();
  });

  it('answers the newest live spotlight, and not ended or not yet started ones', async () => {
    const image = await upload(merchant);
    const logo = await upload(merchant);
    const first = await created(merchant, {
      promotion_image: { file_key: image },
      promotion_logo: { file_key: logo },
      promotion_button_url: 'https://shop.example.com/winter',
      promotion_button_text: 'Shop the winter sale',
    });
    expect(await live()).toEqual({
      id: first.id,
      promotion_image: { file_key: image },
      promotion_logo: { file_key: logo },
      promotion_button_url: 'https://shop.example.com/winter',
      promotion_button_text: 'Shop the winter sale',
    });

    const second = await created(merchant, { promotion_image: { file_key: image } });
    expect(await live()).toEqual({
      id: second.id,
      promotion_image: { file_key: image },
      promotion_logo: null,
      promotion_button_url: null,
      promotion_button_text: null,
    });

    const scheduled = await created(other, {
      promotion_image: { file_key: await upload(other) },
      starts_at: inAnHour(),
    });
    expect(scheduled.starts_at).toBe(new Date(scheduled.starts_at).toISOString());
    expect(await live()).toMatchObject({ id: second.id });

    const ended = await end(merchant, second.id);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((ended.json() as MerchantSpotlight).ends_at).not.toBeNull();
    expect(await live()).toMatchObject({ id: first.id });

    // Ending one not started yet means it is never shown.
    expect((await end(other, scheduled.id)).statusCode).toBe(200);
    const [never] = (await listOf(other)).data;
    expect(never?.ends_at).toBe(never?.starts_at);

    // An image the answer names is served to the browser.
    const file = await call(server.app, 'GET', `/v1/files/${image}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    expect((await end(merchant, first.id)).statusCode).toBe(200);
    expect(await live()).toBeNull();
  });

  it('stops answering a spotlight at its ends_at', async () => {
    const image = await upload(merchant);
    const soon = new Date(Date.now() + 1_500).toISOString();
    const short = await created(merchant, { promotion_image: { file_key: image }, ends_at: soon });
    expect(await live()).toMatchObject({ id: short.id });
    await expect.poll(live, { timeout: 10_000, interval: 100 }).toBeNull();
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(soon));
  });
});

describe('the merchant spotlight API', () => {
  it("lists only the merchant's own spotlights, newest first, a page at a time", async () => {
    const mine = await createTestMerchant(server);
    const image = await upload(mine);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push((await created(mine, { promotion_image: { file_key: image } })).id);
      await end(mine, ids.at(-1) ?? '');
    }
    const first = await listOf(mine, '?limit=2');
    expect(first.data.map((s) => s.id)).toEqual([ids[2], ids[1]]);
    expect(first.next_cursor).not.toBeNull();
    const rest = await listOf(mine, `?limit=2&cursor=${first.next_cursor ?? ''}`);
    expect(rest.data.map((s) => s.id)).toEqual([ids[0]]);
    expect(rest.next_cursor).toBeNull();
  });

  it("refuses another merchant's files, or files that do not exist, and creates nothing", async () => {
    const theirs = await upload(other);
    const mine = await upload(merchant);
    const before = await listOf(merchant);
    expectRefused(
      await create(merchant, { promotion_image: { file_key: theirs } }),
      400,
      'FILE_NOT_OWNED',
    );
    expectRefused(
      await create(merchant, {
        promotion_image: { file_key: mine },
        promotion_logo: { file_key: theirs },
      }),
      400,
      'FILE_NOT_OWNED',
    );
    expectRefused(
      await create(merchant, { promotion_image: { file_key: crypto.randomUUID() } }),
      400,
      'FILE_NOT_OWNED',
    );
    expect(await listOf(merchant)).toEqual(before);
    expect(await live()).toBeNull();
  });

  it("cannot end another merchant's spotlight: 404, and it stays live", async () => {
    const spotlight = await created(merchant, {
      promotion_image: { file_key: await upload(merchant) },
    });
    expectRefused(await end(other, spotlight.id), 404, 'NOT_FOUND');
    expectRefused(await end(merchant, crypto.randomUUID()), 404, 'NOT_FOUND');
    expect(await live()).toMatchObject({ id: spotlight.id });
    expect((await end(merchant, spotlight.id)).statusCode).toBe(200);
    // Ending again changes nothing.
    const again = await end(merchant, spotlight.id);
    expect(again.statusCode).toBe(200);
    expect(await live()).toBeNull();
  });

  it('refuses bad input with a 4xx in the error shape and changes nothing', async () => {
    const image = { file_key: await upload(merchant) };
    const button = { promotion_button_text: 'Shop now' };
    const before = await listOf(merchant);
    const bad: unknown[] = [
      { ...button, promotion_image: image, promotion_button_url: 'http://shop.example.com' },
      { ...button, promotion_image: image, promotion_button_url: 'javascript:alert(1)' },
      { ...button, promotion_image: image, promotion_button_url: 'JavaScript://shop.example.com' },
      { ...button, promotion_image: image, promotion_button_url: 'data:text/html,hi' },
      { ...button, promotion_image: image, promotion_button_url: 'https://u:p@shop.example.com' },
      { ...button, promotion_image: image, promotion_button_url: 'not a url' },
      { ...button, promotion_image: image },
      { promotion_image: image, promotion_button_url: 'https://shop.example.com' },
      {
        promotion_image: image,
        promotion_button_text: '   ',
        promotion_button_url: 'https://a.example',
      },
      { promotion_image: { file_key: 'not-a-uuid' } },
      { promotion_image: image, promotion_logo: { file_key: '1234' } },
      {},
      { promotion_image: image, starts_at: inAnHour(), ends_at: new Date().toISOString() },
      { promotion_image: image, ends_at: new Date(Date.now() - 60_000).toISOString() },
      { promotion_image: image, starts_at: 'tomorrow' },
      {
        promotion_image: image,
        promotion_button_text: 'x'.repeat(41),
        promotion_button_url: 'https://a.example',
      },
    ];
    for (const body of bad) {
      const response = await create(merchant, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expectRefused(response, 400, 'VALIDATION_FAILED');
    }
    expectRefused(
      await call(server.app, 'POST', '/v1/merchant/spotlights/not-a-uuid/end', undefined, {
        token: merchant.apiKey,
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectRefused(
      await call(server.app, 'GET', '/v1/merchant/spotlights?cursor=bogus', undefined, {
        token: merchant.apiKey,
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await listOf(merchant)).toEqual(before);
    expect(await live()).toBeNull();
  });

  it('needs a merchant key and an idempotency key; a retry answers the first spotlight', async () => {
    const body = { promotion_image: { file_key: await upload(merchant) } };
    expectRefused(
      await call(server.app, 'POST', '/v1/merchant/spotlights', body),
      401,
      'UNAUTHORIZED',
    );
    expectRefused(
      await call(server.app, 'GET', '/v1/merchant/spotlights', undefined, {
        token: person.accessToken,
      }),
      401,
      'UNAUTHORIZED',
    );
    const missing = await create(merchant, body, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: expect.stringContaining('Idempotency-Key') });

    const key = crypto.randomUUID();
    const first = await create(merchant, body, key);
    expect(first.statusCode).toBe(201);
    const retry = await create(merchant, body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expectRefused(
      await create(merchant, { ...body, ends_at: inAnHour() }, key),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    // The same key is another merchant's own.
    expect(
      (await create(other, { promotion_image: { file_key: await upload(other) } }, key)).statusCode,
    ).toBe(201);
  });
});
