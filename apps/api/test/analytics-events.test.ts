import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAnalyticsEvent } from '@refund/contracts/analytics';
import { analyticsEvents } from '../src/db/schema';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { addCard, newMerchant, redeemAll } from './support/payout-fixtures';
import { fundedCustomer } from './support/payout-fixtures';
import { signUpNewPerson } from './support/people';
import type { TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * The first-party analytics endpoint: what the web app sends is stored as sent, attributed to
 * the access token's customer and never to one the body names; bad batches store nothing; the
 * sandbox reads it back a page at a time; the server reports claims and redemptions itself.
 */
let server: TestServer;
let merchant: TestMerchant;
/** ANALYTICS_BATCHES_PER_IP_PER_MINUTE of this file's server. */
const BATCHES_PER_MINUTE = 12;

beforeAll(async () => {
  server = await startTestServer({
    ANALYTICS_BATCHES_PER_IP_PER_MINUTE: String(BATCHES_PER_MINUTE),
  });
  merchant = await newMerchant(server.database.db);
});
afterAll(() => server.close());

const anonymousId = () => `anon-${crypto.randomUUID()}`;
/** An address of its own per test, so the per-IP limit of one test never meets another's. */
const ownIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

const send = (body: unknown, options: { token?: string; ip?: string } = {}) =>
  call(server.app, 'POST', '/v1/analytics/events', body, { ip: ownIp(), ...options });

const event = (overrides: Record<string, unknown> = {}) => ({
  type: 'track',
  name: 'sign_in_started',
  anonymous_id: 'anon-default-0001',
  properties: {},
  occurred_at: new Date().toISOString(),
  ...overrides,
});

async function readAll(query: string, token?: string): Promise<StoredAnalyticsEvent[]> {
  const all: StoredAnalyticsEvent[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/v1/sandbox/analytics-events?${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await call(server.app, 'GET', url, undefined, token ? { token } : {});
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { data: StoredAnalyticsEvent[]; next_cursor: string | null };
    all.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

const profileId = async (token: string) =>
  (
    (await call(server.app, 'GET', '/v1/users/profile', undefined, { token })).json() as {
      user_uuid: string;
    }
  ).user_uuid;

describe('POST /v1/analytics/events', () => {
  it('stores a signed-out batch in order and reads it back newest first, a page at a time', async () => {
    const id = anonymousId();
    const names = ['/auth', 'sign_in_started', 'sign_in_completed', 'claim_viewed', 'logged_out'];
    const response = await send({
      events: names.map((name, i) =>
        event({
          type: i === 0 ? 'page' : 'track',
          name,
          anonymous_id: id,
          properties: i === 4 ? { token_expired: false } : {},
        }),
      ),
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 5 });

    const stored = await readAll(`anonymous_id=${id}`);
    expect(stored.map((e) => e.name)).toEqual([...names].reverse());
    expect(stored.every((e) => e.user_id === null && e.source === 'web')).toBe(true);
    expect(stored[0]).toMatchObject({ type: 'track', properties: { token_expired: false } });
    expect(stored.at(-1)).toMatchObject({ type: 'page', name: '/auth' });
  });

  it('attributes events to the access token’s customer, never to a user id in the body', async () => {
    const person = await signUpNewPerson(server.app);
    const other = await signUpNewPerson(server.app);
    const otherId = await profileId(other.accessToken);
    const id = anonymousId();
    const response = await send(
      {
        user_id: otherId,
        events: [
          event({
            type: 'identify',
            name: null,
            anonymous_id: id,
            user_id: otherId,
            properties: { email: person.email, phone: `+1${person.phone}` },
          }),
          event({ anonymous_id: id, name: 'sign_in_completed', userId: otherId }),
        ],
      },
      { token: person.accessToken },
    );
    expect(response.statusCode, response.body).toBe(202);

    const ownId = await profileId(person.accessToken);
    const stored = await readAll(`anonymous_id=${id}`);
    expect(stored.map((e) => e.user_id)).toEqual([ownId, ownId]);
    expect(await readAll(`user_id=${otherId}`, other.accessToken)).toEqual([]);
    expect(await readAll(`user_id=${ownId}`, person.accessToken)).toHaveLength(2);
    // Traits stay in the identify event's properties.
    expect(stored.find((e) => e.type === 'identify')?.properties).toEqual({
      email: person.email,
      phone: `+1${person.phone}`,
    });
    expect(stored.find((e) => e.type === 'track')?.properties).toEqual({});
  });

  it('reads a bad token as signed out', async () => {
    const id = anonymousId();
    const response = await send(
      { events: [event({ anonymous_id: id })] },
      { token: 'not-a-token' },
    );
    expect(response.statusCode, response.body).toBe(202);
    expect((await readAll(`anonymous_id=${id}`)).map((e) => e.user_id)).toEqual([null]);
  });

  it.each([
    ['no events', { events: [] }],
    ['more than 50 events', { events: Array.from({ length: 51 }, () => event()) }],
    ['an unknown type', { events: [event(), event({ type: 'alias' })] }],
    ['a name with spaces', { events: [event(), event({ name: 'drop table' })] }],
    ['a name over 100 characters', { events: [event(), event({ name: 'a'.repeat(101) })] }],
    ['a track without a name', { events: [event(), event({ name: null })] }],
    ['an identify with a name', { events: [event(), event({ type: 'identify' })] }],
    ['a bad anonymous id', { events: [event(), event({ anonymous_id: 'a b' })] }],
    ['a time that is not ISO', { events: [event(), event({ occurred_at: 'yesterday' })] }],
    ['nested properties', { events: [event(), event({ properties: { a: { b: 1 } } })] }],
    [
      'properties over 4 KB',
      {
        events: [
          event(),
          event({
            properties: Object.fromEntries([...'abcdefghij'].map((k) => [k, 'x'.repeat(420)])),
          }),
        ],
      },
    ],
    ['no body', undefined],
  ])('refuses %s with a 400 and stores nothing of the batch', async (_case, body) => {
    const id = anonymousId();
    const marked = body
      ? {
          events: body.events.map((e) => ({
            ...e,
            anonymous_id: e.anonymous_id === 'a b' ? 'a b' : id,
          })),
        }
      : undefined;
    const response = await send(marked);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: expect.any(Number),
      message: expect.any(String),
    });
    const rows = await server.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.anonymousId, id));
    expect(rows).toEqual([]);
  });

  it('takes properties up to the size cap', async () => {
    const id = anonymousId();
    // 9 values of 430 characters: about 4,000 bytes as JSON, under the 4,096 cap.
    const properties = Object.fromEntries([...'abcdefghi'].map((k) => [k, 'x'.repeat(430)]));
    const response = await send({ events: [event({ anonymous_id: id, properties })] });
    expect(response.statusCode, response.body).toBe(202);
    expect((await readAll(`anonymous_id=${id}`))[0]?.properties).toEqual(properties);
  });

  it('limits the batches one IP address sends in a minute', async () => {
    const ip = ownIp();
    for (let i = 0; i < BATCHES_PER_MINUTE; i += 1) {
      // Refused batches count too: they cost the server as much.
      const response = await send({ events: [] }, { ip });
      expect(response.statusCode).toBe(400);
    }
    const limited = await send({ events: [event({ anonymous_id: anonymousId() })] }, { ip });
    expect(limited.statusCode).toBe(429);
    // The web app waits this long before sending the batch again.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ message: expect.stringMatching(/too many/i) });
    // Another address is not held back.
    expect((await send({ events: [event({ anonymous_id: anonymousId() })] })).statusCode).toBe(202);
  });

  it('never writes the batch’s contents to the log', async () => {
    const marker = `secret-marker-${crypto.randomUUID()}`;
    const response = await send({
      events: [event({ anonymous_id: anonymousId(), properties: { note: marker } })],
    });
    expect(response.statusCode).toBe(202);
    expect(server.logLines.join('\n')).not.toContain(marker);
  });
});

describe('server events', () => {
  const waitForEvents = async (userId: string, count: number) => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const rows = await server.database.db
        .select()
        .from(analyticsEvents)
        .where(eq(analyticsEvents.userId, userId));
      if (rows.length >= count || Date.now() > deadline) return rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('records a claimed refund once, and a created redemption with its method and amount', async () => {
    const { person } = await redeemAll({ server, merchant }, 2500, 'debit', (token) =>
      addCard(server.app, token, sandboxCards.visaDebit),
    );
    const userId = await profileId(person.accessToken);
    const rows = await waitForEvents(userId, 2);
    const server_ = rows.filter((r) => r.source === 'server');
    expect(server_.map((r) => r.name).sort()).toEqual(['redemption_created', 'refund_claimed']);
    expect(server_.find((r) => r.name === 'refund_claimed')?.properties).toEqual({
      amount_in_cents: 2500,
    });
    expect(server_.find((r) => r.name === 'redemption_created')?.properties).toMatchObject({
      method: 'debit',
      amount_in_cents: 2500,
    });
    // Nothing personal: no phone, e-mail or card in a server event.
    const text = JSON.stringify(server_);
    expect(text).not.toContain(person.phone);
    expect(text).not.toContain(person.email);
  });

  it('does not record a repeated claim again', async () => {
    const person = await fundedCustomer(server.app, merchant, 1200);
    const userId = await profileId(person.accessToken);
    await waitForEvents(userId, 1);
    const [claimed] = await server.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, userId));
    expect(claimed?.name).toBe('refund_claimed');
    const rows = await waitForEvents(userId, 2);
    expect(rows).toHaveLength(1);
  });
});

describe('sandbox view', () => {
  it('refuses a query naming neither or both ids, and a bad cursor', async () => {
    const neither = await call(server.app, 'GET', '/v1/sandbox/analytics-events');
    expect(neither.statusCode).toBe(400);
    const both = await call(
      server.app,
      'GET',
      `/v1/sandbox/analytics-events?anonymous_id=anon-12345678&user_id=${crypto.randomUUID()}`,
    );
    expect(both.statusCode).toBe(400);
    const badCursor = await call(
      server.app,
      'GET',
      '/v1/sandbox/analytics-events?anonymous_id=anon-12345678&cursor=zzz',
    );
    expect(badCursor.statusCode).toBe(400);
  });

  it('serves a page to read the events', async () => {
    const page = await call(server.app, 'GET', '/v1/sandbox/analytics');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Sandbox analytics');
  });

  it('is not there when the sandbox is off, while the endpoint still takes events', async () => {
    const off = await startTestServer({ SANDBOX: 'false' });
    try {
      for (const url of [
        '/v1/sandbox/analytics-events?anonymous_id=anon-12345678',
        '/v1/sandbox/analytics',
      ]) {
        const response = await call(off.app, 'GET', url);
        expect(response.statusCode).toBe(404);
      }
      const accepted = await call(off.app, 'POST', '/v1/analytics/events', {
        events: [event({ anonymous_id: anonymousId() })],
      });
      expect(accepted.statusCode).toBe(202);
    } finally {
      await off.close();
    }
  });
});

describe('the analytics service', () => {
  const directive = (policy: unknown, name: string) =>
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([directiveName]) => directiveName === name)
      ?.slice(1) ?? [];

  it('is handed out with a key, and the page may send events to its host but load no script from it', async () => {
    const withKey = await startTestServer({
      POSTHOG_KEY: 'phc_public_project_key',
      POSTHOG_HOST: 'https://eu.i.posthog.com',
    });
    try {
      const config = await call(withKey.app, 'GET', '/v1/app-config');
      expect(config.json()).toMatchObject({
        analytics: {
          provider: 'posthog',
          key: 'phc_public_project_key',
          host: 'https://eu.i.posthog.com',
        },
      });
      const page = await call(withKey.app, 'GET', '/profile');
      const policy = page.headers['content-security-policy'];
      expect(directive(policy, 'connect-src')).toContain('https://eu.i.posthog.com');
      expect(String(policy)).not.toMatch(/script-src[^;]*posthog/);
    } finally {
      await withKey.close();
    }
  });

  it('is the first-party endpoint without a key, and the page connects to no analytics host', async () => {
    const config = await call(server.app, 'GET', '/v1/app-config');
    expect(config.json()).toMatchObject({ analytics: { provider: 'first_party' } });
    const page = await call(server.app, 'GET', '/profile');
    const policy = page.headers['content-security-policy'];
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(String(policy)).not.toContain('posthog');
  });
});

describe("a customer's events in the sandbox", () => {
  it("are read with that customer's own token only", async () => {
    const person = await signUpNewPerson(server.app);
    const other = await signUpNewPerson(server.app);
    const ownId = await profileId(person.accessToken);
    const sent = await send(
      { events: [event({ anonymous_id: anonymousId(), name: 'sign_in_completed' })] },
      { token: person.accessToken },
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const path = `/v1/sandbox/analytics-events?user_id=${ownId}`;

    const anonymous = await call(server.app, 'GET', path);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code_description: 'UNAUTHORIZED' });
    const someoneElse = await call(server.app, 'GET', path, undefined, {
      token: other.accessToken,
    });
    expect(someoneElse.statusCode).toBe(404);
    expect(someoneElse.body).not.toContain('sign_in_completed');
    const own = await call(server.app, 'GET', path, undefined, { token: person.accessToken });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((e: StoredAnalyticsEvent) => e.name)).toEqual(['sign_in_completed']);
  });
});
