import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@refund/contracts/profile';
import { changesConnectionName, instanceOf } from '../src/db/database';
import { signUpNewPerson, type SignedIn } from './support/people';
import { eventually } from './support/eventually';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * A server keeps the session checks and profiles it read until the database announces a change
 * to their customer: with caches trusted for a minute without announcements, a change made
 * anywhere (another instance, a statement of an operator) shows at once, on both engines.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
/** Without announcements, a read would be trusted this long: far beyond what the tests wait. */
const CACHE = { AUTH_CACHE_SECONDS: '60' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(CACHE);
});
afterAll(() => server.close());

const profileOf = async (on: TestServer, person: SignedIn) => {
  const response = await call(on.app, 'GET', '/v1/users/profile', undefined, {
    token: person.accessToken,
  });
  return { status: response.statusCode, profile: response.json() as Profile };
};

describe('a change made outside the server’s own requests', () => {
  it('shows in the profile at once, though the profile was kept', async () => {
    const person = await signUpNewPerson(server.app);
    const before = await profileOf(server, person);
    expect(before.status).toBe(200);
    await server.database.db.execute(
      sql`update users set first_name = 'Changed' where id = ${before.profile.user_uuid}`,
    );
    const after = await eventually(
      () => profileOf(server, person),
      (read) => read.profile.first_name === 'Changed',
    );
    expect(after.profile.first_name).toBe('Changed');
  });

  it('ends a session at once, though its check was kept', async () => {
    const person = await signUpNewPerson(server.app);
    const { profile } = await profileOf(server, person);
    await server.database.db.execute(
      sql`update sessions set revoked_at = now(), revoked_reason = 'logout' where user_id = ${profile.user_uuid}`,
    );
    const after = await eventually(
      () => profileOf(server, person),
      (read) => read.status === 401,
    );
    expect(after.status).toBe(401);
  });

  it('shows an address added without waiting', async () => {
    const person = await signUpNewPerson(server.app);
    const { profile } = await profileOf(server, person);
    await server.database.db.execute(
      sql`insert into addresses (user_id, line_1, city, state, zipcode, is_primary)
          values (${profile.user_uuid}, '1 Main St', 'Springfield', 'IL', '62701', true)`,
    );
    const after = await eventually(
      () => profileOf(server, person),
      (read) => read.profile.address.length === 1,
    );
    expect(after.profile.address.map((a) => a.line_1)).toEqual(['1 Main St']);
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL database', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer(CACHE);
  });
  afterAll(() => other.close());

  it('a sign-out on one is refused by the other at once', async () => {
    const person = await signUpNewPerson(server.app);
    expect((await profileOf(other, person)).status).toBe(200);
    const out = await call(server.app, 'POST', '/v1/users/logout', undefined, {
      token: person.accessToken,
      cookie: person.cookie,
    });
    expect(out.statusCode).toBe(204);
    const after = await eventually(
      () => profileOf(other, person),
      (read) => read.status === 401,
    );
    expect(after.status).toBe(401);
  });

  it('a name changed on one shows on the other at once', async () => {
    const person = await signUpNewPerson(server.app);
    expect((await profileOf(other, person)).profile.first_name).not.toBe('Renamed');
    const { profile } = await profileOf(server, person);
    const changed = await call(
      server.app,
      'PUT',
      '/v1/users/profile',
      { first_name: 'Renamed', last_name: 'Person', date_of_birth: profile.date_of_birth },
      { token: person.accessToken },
    );
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const after = await eventually(
      () => profileOf(other, person),
      (read) => read.profile.first_name === 'Renamed',
    );
    expect(after.profile.first_name).toBe('Renamed');
  });

  it('after its listening connection is cut, what changed meanwhile is read afresh', async () => {
    const person = await signUpNewPerson(server.app);
    const { profile } = await profileOf(server, person);
    const name = changesConnectionName(instanceOf(other.database.db).id);
    await server.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`,
    );
    const cut = await eventually(
      () => Promise.resolve(other.database.changes.live()),
      (live) => !live,
    );
    expect(cut).toBe(false);
    // Read while nothing is heard: kept for AUTH_CACHE_SECONDS.
    expect((await profileOf(other, person)).status).toBe(200);
    // Unheard by `other`: its connection is down.
    await server.database.db.execute(
      sql`update users set last_name = 'Meanwhile' where id = ${profile.user_uuid}`,
    );
    const listening = await eventually(
      () => Promise.resolve(other.database.changes.live()),
      (live) => live,
    );
    expect(listening).toBe(true);
    expect((await profileOf(other, person)).profile.last_name).toBe('Meanwhile');
  });
});
