import type { AddressInfo } from 'node:net';
import * as Sentry from '@sentry/node';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newMerchant,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './support/refund-fixtures';
import { startSentryStub, type SentryStub } from './support/sentry-stub';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * Unexpected errors reach Sentry (here a stub speaking its envelope protocol) without the
 * customer's data or the caller's credentials; refusals of bad input are not reported; without a
 * DSN nothing is sent. The database refusing one order number stands in for any fault.
 */

const REFUSED_ORDER = 'REFUSED-FOR-ERROR-REPORT';
const CHECK = 'refunds_test_error_report';
const COOKIE = 'refresh_token=rt-cookie-value-0123456789';

let stub: SentryStub;

beforeAll(async () => {
  stub = await startSentryStub();
});
afterAll(async () => {
  await stub.close();
});

interface Served {
  server: TestServer;
  origin: string;
  merchant: TestMerchant;
}

async function serve(env: Record<string, string> = {}): Promise<Served> {
  const server = await startTestServer(env);
  await server.database.db.execute(
    sql.raw(`alter table refunds drop constraint if exists ${CHECK}`),
  );
  await server.database.db.execute(
    sql.raw(
      `alter table refunds add constraint ${CHECK} check (order_number <> '${REFUSED_ORDER}')`,
    ),
  );
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  const merchant = await newMerchant(server.database.db);
  return { server, origin: `http://127.0.0.1:${port}`, merchant };
}

async function stop({ server }: Served): Promise<void> {
  await server.database.db.execute(
    sql.raw(`alter table refunds drop constraint if exists ${CHECK}`),
  );
  // Closing waits for reports still on their way.
  await server.close();
}

/** A refund request as a merchant sends it: their key, an idempotency key, the customer. */
async function postRefund(served: Served, body: unknown) {
  const idempotencyKey = crypto.randomUUID();
  const response = await fetch(`${served.origin}/v1/merchant/refunds?source=test&code=998877`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${served.merchant.apiKey}`,
      'idempotency-key': idempotencyKey,
      cookie: COOKIE,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown, idempotencyKey };
}

const formatted = (phone: string) =>
  `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

describe('without SENTRY_DSN', () => {
  it('initialises nothing and sends nothing, even for an unexpected error', async () => {
    const served = await serve();
    try {
      const customer = refundCustomer();
      const failed = await postRefund(
        served,
        refundBody(customer, { order_number: REFUSED_ORDER }),
      );
      expect(failed.status).toBe(500);
    } finally {
      await stop(served);
    }
    expect(Sentry.getClient()).toBeUndefined();
    expect(stub.requests).toEqual([]);
  });
});

describe('with SENTRY_DSN', () => {
  it('reports an unexpected error once, with the release and without personal data', async () => {
    const served = await serve({ SENTRY_DSN: stub.dsn('42'), SENTRY_ENVIRONMENT: 'ci' });
    const customer = refundCustomer({ first_name: 'Quillon', last_name: 'Marrowby' });
    const phone = customer.phone_number ?? '';
    let refused: Awaited<ReturnType<typeof postRefund>>;
    let failed: Awaited<ReturnType<typeof postRefund>>;
    try {
      refused = await postRefund(served, refundBody(customer, { returns: [] }));
      failed = await postRefund(
        served,
        refundBody(
          { ...customer, phone_number: formatted(phone) },
          { order_number: REFUSED_ORDER },
        ),
      );
    } finally {
      await stop(served);
    }
    // The answers are the usual ones: reporting changes nothing a client sees.
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({
      code: 3001,
      code_description: 'INTERNAL',
      message: 'Internal Server error',
    });

    const events = await stub.waitForEvents(1);
    expect(events).toHaveLength(1);
    expect(stub.envelopes.every((envelope) => envelope.projectId === '42')).toBe(true);
    const [event] = events;
    expect(event).toMatchObject({
      release: 'refund-api@1.46.2',
      environment: 'ci',
      level: 'error',
      exception: {
        values: expect.arrayContaining([expect.objectContaining({ type: expect.any(String) })]),
      },
    });

    // The refused request is not among them: the one event is the database's refusal.
    expect(JSON.stringify(event)).toContain('violates check constraint');

    const raw = stub.envelopes.map((envelope) => envelope.raw).join('\n');
    for (const secret of [
      served.merchant.apiKey,
      failed.idempotencyKey,
      refused.idempotencyKey,
      'rt-cookie-value-0123456789',
      '998877',
      customer.email,
      customer.first_name,
      customer.last_name,
      phone,
      formatted(phone),
      phone.slice(3),
    ]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw.toLowerCase()).not.toContain('"authorization"');
    expect(raw.toLowerCase()).not.toContain('"cookie"');
    expect(raw).not.toContain('Bearer sk_');
  });
});

describe("the web app's DSN", () => {
  it('is handed out in the app configuration and allowed as a connection by the page', async () => {
    const server = await startTestServer({ SENTRY_DSN_WEB: 'https://public@errors.example/7' });
    try {
      const config = await call(server.app, 'GET', '/v1/app-config');
      expect(config.json()).toMatchObject({
        error_reporting: { dsn: 'https://public@errors.example/7', environment: 'test' },
      });
      const page = await call(server.app, 'GET', '/profile');
      expect(page.headers['content-security-policy']).toContain(
        "connect-src 'self' https://errors.example;",
      );
    } finally {
      await server.close();
    }
  });

  it('is null without SENTRY_DSN_WEB, and the page connects to its own origin only', async () => {
    const server = await startTestServer();
    try {
      const config = await call(server.app, 'GET', '/v1/app-config');
      expect(config.json()).toMatchObject({ error_reporting: { dsn: null } });
      const page = await call(server.app, 'GET', '/profile');
      expect(page.headers['content-security-policy']).toContain("connect-src 'self';");
    } finally {
      await server.close();
    }
  });
});
