import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpNewPerson } from './support/people';
import { call, refreshCookieFrom, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const refresh = (cookie: string | null) =>
  call(server.app, 'POST', '/v1/users/refresh', undefined, { cookie });
const profile = (token: string | null) =>
  call(server.app, 'GET', '/v1/users/profile', undefined, { token });

describe('tokens', () => {
  it('refresh answers a new access token and rotates the cookie', async () => {
    const person = await signUpNewPerson(server.app);
    const response = await refresh(person.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'access_token_expiry_in_seconds']);
    const next = refreshCookieFrom(response);
    expect(next).not.toBeNull();
    expect(next).not.toBe(person.cookie);
    expect((await profile(body.access_token)).statusCode).toBe(200);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  // Reuse of a rotated cookie, and parallel refreshes of one cookie (two tabs), are covered by
  // refresh-grace.test.ts: within the grace window every such refresh answers the same new
  // cookie; after it, reuse revokes the whole family.

  it('refresh without a cookie, or with a made-up one, is 401', async () => {
    expect((await refresh(null)).statusCode).toBe(401);
    const made = await refresh('refresh_token=made-up');
    expect(made.statusCode).toBe(401);
    expect(made.json()).toEqual({
      code: 2010,
      code_description: 'REFRESH_INVALID',
      message: 'Your session has ended. Please sign in again.',
    });
  });

  it('logout ends the session on the server: refresh and the access token stop working', async () => {
    const person = await signUpNewPerson(server.app);
    const out = await call(server.app, 'POST', '/v1/users/logout', undefined, {
      cookie: person.cookie,
      token: person.accessToken,
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'refresh_token');
    expect(cleared?.value).toBe('');
    expect((await refresh(person.cookie)).statusCode).toBe(401);
    expect((await profile(person.accessToken)).statusCode).toBe(401);
  });

  it('logout with nothing to end still answers 204', async () => {
    expect((await call(server.app, 'POST', '/v1/users/logout')).statusCode).toBe(204);
  });

  it('profile needs a valid bearer token', async () => {
    for (const token of [null, 'garbage', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad']) {
      const response = await profile(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 2001,
        code_description: 'UNAUTHORIZED',
        message: 'Please sign in to continue.',
      });
    }
  });

  it('one session ending leaves the person’s other sessions alone', async () => {
    const person = await signUpNewPerson(server.app);
    const other = await refresh(person.cookie);
    const otherToken = other.json().access_token as string;
    await call(server.app, 'POST', '/v1/users/logout', undefined, {
      cookie: refreshCookieFrom(other),
    });
    expect((await profile(otherToken)).statusCode).toBe(401);
  });
});
