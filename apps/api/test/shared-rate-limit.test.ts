import { randomUUID } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/statement';
import { sharedRateLimitStore } from '../src/http/shared-rate-limit';
import { eventually } from './support/eventually';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * Request limits counted in the database: every instance of the API holds a caller to one limit
 * together, on both engines; with PostgreSQL, two real instances share it under parallel load.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const BATCHES_PER_MINUTE = 10;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    ANALYTICS_BATCHES_PER_IP_PER_MINUTE: String(BATCHES_PER_MINUTE),
  });
});
afterAll(() => server.close());

const sweepErrors: unknown[] = [];
/** A store of its own, scoped as the plugin scopes a route's (`child`). */
function routeStore(sweepEveryMs = 60_000): FastifyRateLimitStore {
  const Store = sharedRateLimitStore({
    db: server.database.db,
    sweepEveryMs,
    onSweepError: (error) => sweepErrors.push(error),
  });
  return new Store({}).child({
    routeInfo: { method: 'POST', url: `/test/${randomUUID()}` },
  } as never);
}

const incr = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error) : resolve(result)),
      windowMs,
      5,
    );
  });

const windowsOf = async (key: string) =>
  resultRows<{ key: string }>(
    await server.database.db.execute(
      sql`select key from rate_limit_windows where key like ${`%${key}`}`,
    ),
  );

const ownIp = () =>
  `10.77.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 253)}`;
const batch = () => ({
  events: [
    {
      type: 'track',
      name: 'sign_in_started',
      anonymous_id: `anon-${randomUUID()}`,
      properties: {},
      occurred_at: new Date().toISOString(),
    },
  ],
});

describe('the shared request limit store', () => {
  it('counts each key in its window, apart from other keys and other routes', async () => {
    const store = routeStore();
    const other = routeStore();
    expect(await incr(store, 'ip-a', 60_000)).toMatchObject({ current: 1 });
    expect(await incr(store, 'ip-a', 60_000)).toMatchObject({ current: 2 });
    expect(await incr(store, 'ip-b', 60_000)).toMatchObject({ current: 1 });
    expect(await incr(other, 'ip-a', 60_000)).toMatchObject({ current: 1 });
    const third = await incr(store, 'ip-a', 60_000);
    expect(third.current).toBe(3);
    // What remains of the window, for Retry-After.
    expect(third.ttl).toBeGreaterThan(50_000);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
  });

  it('starts counting afresh once the window has run out', async () => {
    const store = routeStore();
    await incr(store, 'ip-a', 300);
    expect(await incr(store, 'ip-a', 300)).toMatchObject({ current: 2 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const fresh = await incr(store, 'ip-a', 300);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(0);
    expect(fresh.ttl).toBeLessThanOrEqual(300);
  });

  it('counts parallel requests once each', async () => {
    const store = routeStore();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => incr(store, 'ip-parallel', 60_000)),
    );
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('sweeps the windows that ran out, and keeps the running ones', async () => {
    const store = routeStore(0);
    const ended = `ended-${randomUUID()}`;
    const running = `running-${randomUUID()}`;
    await incr(store, ended, 50);
    await incr(store, running, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // This count is due to sweep (sweepEveryMs 0); the sweep runs beside it.
    await incr(store, `trigger-${randomUUID()}`, 60_000);
    expect(
      await eventually(
        () => windowsOf(ended),
        (rows) => rows.length === 0,
        2_000,
      ),
    ).toEqual([]);
    expect(await windowsOf(running)).toHaveLength(1);
    expect(sweepErrors).toEqual([]);
  });
});

describe('a burst of batches from one address', () => {
  it('takes as many as the limit and refuses the rest', async () => {
    const ip = ownIp();
    const responses = await Promise.all(
      Array.from({ length: BATCHES_PER_MINUTE + 5 }, () =>
        call(server.app, 'POST', '/v1/analytics/events', batch(), { ip }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    // Each request's own count decides: the plugin's in-memory store handed every request of
    // a burst the same counter, read after the burst, and so refused them all.
    expect(statuses.filter((s) => s === 202)).toHaveLength(BATCHES_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL database', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({
      ANALYTICS_BATCHES_PER_IP_PER_MINUTE: String(BATCHES_PER_MINUTE),
    });
  });
  afterAll(() => other.close());

  it('hold one address to one limit together, under parallel requests', async () => {
    const ip = ownIp();
    const responses = await Promise.all(
      Array.from({ length: BATCHES_PER_MINUTE * 3 }, (_, i) =>
        call((i % 2 === 0 ? server : other).app, 'POST', '/v1/analytics/events', batch(), { ip }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(BATCHES_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(BATCHES_PER_MINUTE * 2);
    for (const refused of responses.filter((r) => r.statusCode === 429)) {
      expect(refused.json()).toMatchObject({ message: expect.stringMatching(/too many/i) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
