import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_SECONDS } from '../src/features/auth/sessions';
import { signUpNewPerson, type SignedIn } from './support/people';
import { call, refreshCookieFrom, startTestServer, type TestServer } from './support/test-server';

/**
 * Two tabs refreshing with the same cookie at once must not sign the customer out: for a short
 * grace window the token just traded in answers the same new token (and a fresh access token
 * for the same session). After the window, presenting it again is reuse and ends the session.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const refresh = (cookie: string | null) =>
  call(server.app, 'POST', '/v1/users/refresh', undefined, { cookie });
const profile = (token: string) =>
  call(server.app, 'GET', '/v1/users/profile', undefined, { token });
const accessTokenOf = (response: { json: () => unknown }) =>
  (response.json() as { access_token: string }).access_token;

/** Moves the person's used refresh tokens past the grace window, as if that time had passed. */
async function graceWindowPasses(person: SignedIn): Promise<void> {
  await server.database.db.execute(sql`
    update refresh_tokens
       set used_at = used_at - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1}::float8)
     where used_at is not null
       and session_id in (select s.id from sessions s join users u on u.id = s.user_id
                           where u.phone_number = ${person.phone})`);
}

function expectRefused(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({
    code: 2010,
    code_description: 'REFRESH_INVALID',
    message: 'Your session has ended. Please sign in again.',
  });
}

describe('refresh grace window', () => {
  it('parallel refreshes of one cookie all answer 200 with the same new cookie', async () => {
    const person = await signUpNewPerson(server.app);
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(person.cookie)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const cookies = new Set(results.map(refreshCookieFrom));
    expect(cookies.size).toBe(1);
    const [next] = [...cookies];
    expect(next).toBeTruthy();
    expect(next).not.toBe(person.cookie);

    // Every answer's access token works, and they all belong to the one session the new cookie
    // continues: ending it with that cookie ends every one of them.
    const tokens = results.map(accessTokenOf);
    for (const token of tokens) expect((await profile(token)).statusCode).toBe(200);
    const after = await refresh(next ?? null);
    expect(after.statusCode).toBe(200);
    const out = await call(server.app, 'POST', '/v1/users/logout', undefined, {
      cookie: refreshCookieFrom(after),
    });
    expect(out.statusCode).toBe(204);
    for (const token of tokens) expect((await profile(token)).statusCode).toBe(401);
  });

  it('a tab that refreshes with the old cookie just after the other tab gets the same new one', async () => {
    const person = await signUpNewPerson(server.app);
    const first = await refresh(person.cookie);
    const second = await refresh(person.cookie);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(refreshCookieFrom(second)).toBe(refreshCookieFrom(first));
    expect((await profile(accessTokenOf(second))).statusCode).toBe(200);
  });

  it('a cookie two rotations behind, within the window, gets the newest cookie', async () => {
    const person = await signUpNewPerson(server.app);
    const first = await refresh(person.cookie);
    const second = await refresh(refreshCookieFrom(first));
    const late = await refresh(person.cookie);
    expect(late.statusCode).toBe(200);
    expect(refreshCookieFrom(late)).toBe(refreshCookieFrom(second));
    const next = await refresh(refreshCookieFrom(late));
    expect(next.statusCode).toBe(200);
  });

  it('after the window, the old cookie is reuse: the whole family is revoked', async () => {
    const person = await signUpNewPerson(server.app);
    const first = await refresh(person.cookie);
    const rotated = refreshCookieFrom(first);
    await graceWindowPasses(person);

    expectRefused(await refresh(person.cookie));
    // The holder of the newer cookie is signed out too, and so is their access token.
    expectRefused(await refresh(rotated));
    expect((await profile(accessTokenOf(first))).statusCode).toBe(401);
  });

  it('after the window, parallel reuse of an old cookie is refused every time', async () => {
    const person = await signUpNewPerson(server.app);
    const first = await refresh(person.cookie);
    await graceWindowPasses(person);
    const results = await Promise.all(Array.from({ length: 3 }, () => refresh(person.cookie)));
    for (const result of results) expectRefused(result);
    expectRefused(await refresh(refreshCookieFrom(first)));
  });

  it('a cookie of a session that was logged out gets nothing within the window', async () => {
    const person = await signUpNewPerson(server.app);
    const first = await refresh(person.cookie);
    await call(server.app, 'POST', '/v1/users/logout', undefined, {
      cookie: refreshCookieFrom(first),
    });
    expectRefused(await refresh(person.cookie));
  });

  it('no refresh token is kept in clear, the one answered within the window included', async () => {
    const person = await signUpNewPerson(server.app);
    const results = await Promise.all([refresh(person.cookie), refresh(person.cookie)]);
    const stored = JSON.stringify(
      await server.database.db.execute(sql`select * from refresh_tokens`),
    );
    for (const cookie of [person.cookie, ...results.map(refreshCookieFrom)]) {
      const value = (cookie ?? '').replace(/^refresh_token=/, '');
      expect(value.length).toBeGreaterThan(20);
      expect(stored).not.toContain(value);
    }
  });
});
