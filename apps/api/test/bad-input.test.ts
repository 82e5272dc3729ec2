import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { otpAttempts, users } from '../src/db/schema';
import { signUpForm } from './support/people';
import { call, startTestServer, type Method, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const bodyRoutes = [
  '/v1/users/signup',
  '/v1/users/signin',
  '/v1/users/verify',
  '/v1/users/resend-code',
];

async function rowCounts() {
  const [u] = await server.database.db.select({ n: count() }).from(users);
  const [a] = await server.database.db.select({ n: count() }).from(otpAttempts);
  return { users: u?.n, attempts: a?.n };
}

function expectErrorShape(
  response: { statusCode: number; json: () => unknown },
  status: number,
  name: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'code_description', 'message']);
  expect(body.code_description).toBe(name);
  expect(typeof body.message).toBe('string');
}

describe('bad input', () => {
  it.each(bodyRoutes)('%s: malformed JSON is a 400, and changes nothing', async (url) => {
    const before = await rowCounts();
    const response = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"phone_number": "2025550143",',
    });
    expectErrorShape(response, 400, 'MALFORMED_JSON');
    expect(await rowCounts()).toEqual(before);
  });

  it.each(bodyRoutes)('%s: an empty body is a 400', async (url) => {
    const response = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBeGreaterThan(1000);
  });

  it.each(bodyRoutes)('%s: wrong types are a 400 naming the field', async (url) => {
    const before = await rowCounts();
    const response = await call(server.app, 'POST', url, {
      phone_number: 2025550143,
      attempt_id: 7,
      code: 123456,
      bot_token: false,
      first_name: [],
    });
    expectErrorShape(response, 400, 'VALIDATION_FAILED');
    expect(await rowCounts()).toEqual(before);
  });

  it.each(bodyRoutes)('%s: a JSON array or string instead of an object is a 400', async (url) => {
    for (const payload of ['[]', '"text"', 'null', '42']) {
      const response = await server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it.each(bodyRoutes)('%s: an oversized body is a 413', async (url) => {
    const response = await call(server.app, 'POST', url, {
      ...signUpForm(),
      first_name: 'a'.repeat(200_000),
    });
    expectErrorShape(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it.each(bodyRoutes)('%s: a body that is not JSON is a 415', async (url) => {
    const response = await server.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: 'phone_number=2025550143',
    });
    expectErrorShape(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a too-long field is a 400, not a crash', async () => {
    const response = await call(
      server.app,
      'POST',
      '/v1/users/signup',
      signUpForm({ email: `${'a'.repeat(300)}@example.com` }),
    );
    expectErrorShape(response, 400, 'VALIDATION_FAILED');
  });

  it.each<[Method, string]>([
    ['GET', '/v1/nothing-here'],
    ['POST', '/v1/users/profile'],
    ['DELETE', '/v1/users/signin'],
    ['GET', '/v1'],
  ])('%s %s: unknown routes are a 404 in the error shape', async (method, url) => {
    expectErrorShape(await call(server.app, method, url), 404, 'ROUTE_NOT_FOUND');
  });

  it.each([
    ['missing', ''],
    ['neither a phone nor an email', '?to=hello'],
    ['a limit out of range', '?to=2025550143&limit=5000'],
  ])('sandbox messages with %s "to" is a 400', async (_case, query) => {
    expectErrorShape(
      await call(server.app, 'GET', `/v1/sandbox/messages${query}`),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('authenticated routes answer 401 in the error shape without a token', async () => {
    for (const url of ['/v1/users/profile', '/v1/wallet/balance', '/v1/redemption-methods']) {
      expectErrorShape(await call(server.app, 'GET', url), 401, 'UNAUTHORIZED');
    }
  });
});

describe('sandbox switched off', () => {
  it('keeps the inbox closed', async () => {
    const closed = await startTestServer({ SANDBOX: 'false' });
    try {
      expectErrorShape(
        await call(closed.app, 'GET', '/v1/sandbox/messages?to=2025550143'),
        404,
        'SANDBOX_DISABLED',
      );
      expectErrorShape(await call(closed.app, 'GET', '/v1/sandbox/inbox'), 404, 'SANDBOX_DISABLED');
    } finally {
      await closed.close();
    }
  });
});
