import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database';
import { createPostHogServerAnalytics, createTableServerAnalytics } from './server-analytics';

interface Received {
  path: string;
  body: {
    api_key?: string;
    batch?: { event: string; distinct_id: string; properties: Record<string, unknown> }[];
  };
}

/** A local stand-in for PostHog's capture API: records each request, answers 200. */
async function posthogStub(status = 200) {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const gzip = request.headers['content-encoding'] === 'gzip';
      const text = (gzip ? gunzipSync(raw) : raw).toString('utf8');
      received.push({ path: request.url ?? '', body: JSON.parse(text) as Received['body'] });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{"status":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const silent = pino({ level: 'silent' });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('PostHog server analytics', () => {
  it('sends captured events to the configured host with the key, on close at the latest', async () => {
    const stub = await posthogStub();
    cleanups.push(stub.close);
    const analytics = createPostHogServerAnalytics({
      key: 'phc_test_key',
      host: stub.host,
      logger: silent,
      flushIntervalMs: 60_000,
    });

    analytics.capture({
      userId: '6f1c2a4e-1111-4222-8333-444455556666',
      name: 'refund_claimed',
      properties: { amount_in_cents: 21900 },
    });
    analytics.capture({
      userId: '6f1c2a4e-1111-4222-8333-444455556666',
      name: 'redemption_created',
      properties: { method: 'debit', amount_in_cents: 5000 },
    });
    // Nothing has gone yet: the events wait for a batch, or for shutdown.
    expect(stub.received).toHaveLength(0);
    await analytics.close();

    const events = stub.received.flatMap((r) => r.body.batch ?? []);
    expect(stub.received.every((r) => r.path.startsWith('/batch'))).toBe(true);
    expect(stub.received.every((r) => r.body.api_key === 'phc_test_key')).toBe(true);
    expect(events.map((e) => [e.event, e.distinct_id])).toEqual([
      ['refund_claimed', '6f1c2a4e-1111-4222-8333-444455556666'],
      ['redemption_created', '6f1c2a4e-1111-4222-8333-444455556666'],
    ]);
    expect(events[1]?.properties).toMatchObject({
      method: 'debit',
      amount_in_cents: 5000,
      source: 'server',
    });
  });

  it('never throws when the service refuses the events', async () => {
    const stub = await posthogStub(500);
    cleanups.push(stub.close);
    // posthog-node prints a failed flush to the console itself; it names no customer.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const analytics = createPostHogServerAnalytics({
      key: 'phc_test_key',
      host: stub.host,
      logger: silent,
    });
    expect(() =>
      analytics.capture({ userId: 'customer-7', name: 'refund_claimed', properties: {} }),
    ).not.toThrow();
    await expect(analytics.close()).resolves.toBeUndefined();
    expect(stub.received.length).toBeGreaterThan(0);
    const output = printed.mock.calls.flat().map(String).join(' ');
    expect(output).toContain('status=500');
    expect(output).not.toContain('customer-7');
  });
});

/**
 * A stand-in for the database: records each statement's rows (the JSON list the many-row insert
 * hands over, by column name), or fails.
 */
function tableStub(fail = false) {
  const statements: Record<string, unknown>[][] = [];
  const dialect = new PgDialect();
  const db = {
    execute: async (query: SQL) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('connection refused');
      const { sql: text, params } = dialect.sqlToQuery(query);
      expect(text).toMatch(/^insert into "analytics_events"/);
      statements.push(JSON.parse(String(params[0])) as Record<string, unknown>[]);
      return { rows: [] };
    },
  };
  return { db: db as unknown as Db, statements };
}

describe('table server analytics', () => {
  it('writes events reported together in one statement, every one of them', async () => {
    const { db, statements } = tableStub();
    const analytics = createTableServerAnalytics(db, silent);
    for (let i = 0; i < 120; i += 1) {
      analytics.capture({
        userId: `6f1c2a4e-1111-4222-8333-${String(i).padStart(12, '0')}`,
        name: 'redemption_created',
        properties: { method: 'debit', amount_in_cents: 100 + i },
      });
    }
    await analytics.close();

    const rows = statements.flat();
    expect(rows).toHaveLength(120);
    expect(statements.length).toBeLessThanOrEqual(2);
    expect(rows[7]).toMatchObject({
      type: 'track',
      name: 'redemption_created',
      source: 'server',
      user_id: '6f1c2a4e-1111-4222-8333-000000000007',
      anonymous_id: '6f1c2a4e-1111-4222-8333-000000000007',
      properties: { method: 'debit', amount_in_cents: 107 },
    });
  });

  it('logs events it could not write, once per statement, and never throws', async () => {
    const { db } = tableStub(true);
    const logger = pino({ level: 'warn' }, { write: () => undefined });
    const warn = vi.spyOn(logger, 'warn');
    const analytics = createTableServerAnalytics(db, logger);
    expect(() =>
      analytics.capture({ userId: 'u-1', name: 'refund_claimed', properties: {} }),
    ).not.toThrow();
    analytics.capture({ userId: 'u-2', name: 'refund_claimed', properties: {} });
    await analytics.close();

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ events: 2, event: 'refund_claimed' });
  });
});
