import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookEventTypes, type WebhookEventType } from '@refund/contracts/merchant';
import { webhookDeliveries, webhookEvents } from '../src/db/schema';
import { createWebhookDeliveryHandler } from '../src/features/webhooks/webhook-delivery';
import { queueWebhookDelivery, recordWebhookEvent } from '../src/features/webhooks/webhook-events';
import { signWebhook, verifyWebhookSignature } from '../src/features/webhooks/webhook-signature';
import { recordingLogger } from '../src/providers/testing/recording-logger';
import {
  delay,
  sendJson,
  startStubHttpServer,
  type StubHttpServer,
} from '../src/providers/testing/stub-http-server';
import { createTestMerchant, type TestMerchant } from './support/merchant';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let stub: StubHttpServer;
beforeAll(async () => {
  server = await startTestServer();
  stub = await startStubHttpServer();
});
afterAll(async () => {
  await stub.close();
  await server.close();
});
afterEach(() => {
  stub.respondWith((_request, response) => sendJson(response, 200, { ok: true }));
});

interface Delivery {
  event_id: string;
  event_type: string;
  attempt: number;
  status: string;
  response_status: number | null;
  error: string | null;
  created_at: string;
}

function expectError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  name: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'code_description', 'message']);
  expect(body.code_description).toBe(name);
}

/** A merchant whose endpoint is a unique path on the stub, so requests can be told apart. */
async function merchantWithEndpoint(): Promise<TestMerchant & { path: string; secret: string }> {
  const merchant = await createTestMerchant(server);
  const path = `/hooks/${merchant.id}`;
  const response = await call(
    server.app,
    'PUT',
    '/v1/merchant/webhook-endpoint',
    { url: `${stub.url}${path}` },
    { token: merchant.apiKey },
  );
  expect(response.statusCode).toBe(200);
  return {
    ...merchant,
    path,
    secret: (response.json() as { signing_secret: string }).signing_secret,
  };
}

/** Records events without queueing them, so each test queues (or runs) them as it needs. */
const queueNothing = { sendIn: () => Promise.resolve() };

/** One transaction each: jobs of one transaction share its start time, pg-boss's first order. */
async function queueDeliveries(eventIds: string[]): Promise<void> {
  for (const eventId of eventIds) {
    await server.database.db.transaction((tx) => queueWebhookDelivery(tx, server.jobs, eventId));
  }
}

async function recordEvent(
  merchantId: string,
  type: WebhookEventType = 'refund.claimed',
): Promise<string> {
  const refundId = crypto.randomUUID();
  const id = await server.database.db.transaction((tx) =>
    recordWebhookEvent(tx, queueNothing, {
      merchantId,
      type,
      dedupeKey: `${refundId}:${type}`,
      data: { refund_uuid: refundId },
    }),
  );
  if (!id) throw new Error('event not recorded');
  return id;
}

async function eventStatus(eventId: string): Promise<string | undefined> {
  const [row] = await server.database.db
    .select({ status: webhookEvents.status })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, eventId));
  return row?.status;
}

async function waitForStatus(eventId: string, status: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await eventStatus(eventId)) === status) return;
    await delay(100);
  }
  throw new Error(`event ${eventId} is ${await eventStatus(eventId)}, not ${status}`);
}

async function deliveriesOf(eventId: string) {
  return server.database.db
    .select({
      attempt: webhookDeliveries.attempt,
      status: webhookDeliveries.status,
      responseStatus: webhookDeliveries.responseStatus,
      error: webhookDeliveries.error,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.eventId, eventId))
    .orderBy(webhookDeliveries.attempt);
}

const requestsTo = (path: string) => stub.requests.filter((request) => request.path === path);

/** Runs one delivery attempt the way the queue would, with the given retry metadata. */
function attempt(
  eventId: string,
  retryCount: number,
  options: { timeoutMs?: number; allowPrivateUrls?: boolean } = {},
) {
  const { logger, raw } = recordingLogger();
  const handler = createWebhookDeliveryHandler({
    db: server.database.db,
    logger,
    allowPrivateUrls: true,
    ...options,
  });
  return {
    run: () => handler({ id: crypto.randomUUID(), data: { eventId }, retryCount, retryLimit: 8 }),
    logs: raw,
  };
}

describe('the webhook endpoint', () => {
  it('answers a new signing secret each time it is set, and never shows it again', async () => {
    const merchant = await createTestMerchant(server);
    const token = merchant.apiKey;
    expect(
      (await call(server.app, 'GET', '/v1/merchant/webhook-endpoint', undefined, { token })).json(),
    ).toEqual({
      url: null,
      signing_secret: null,
    });

    const url = 'https://hooks.example.com/refunds';
    const first = await call(
      server.app,
      'PUT',
      '/v1/merchant/webhook-endpoint',
      { url },
      { token },
    );
    const second = await call(
      server.app,
      'PUT',
      '/v1/merchant/webhook-endpoint',
      { url },
      { token },
    );
    expect(first.statusCode).toBe(200);
    const firstSecret = (first.json() as { signing_secret: string }).signing_secret;
    const secondSecret = (second.json() as { signing_secret: string }).signing_secret;
    expect(firstSecret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(secondSecret).toMatch(/^whsec_/);
    expect(secondSecret).not.toBe(firstSecret);

    const shown = await call(server.app, 'GET', '/v1/merchant/webhook-endpoint', undefined, {
      token,
    });
    expect(shown.json()).toEqual({ url, signing_secret: null });
  });

  it.each([
    ['not a URL', 'hooks'],
    ['not http', 'ftp://hooks.example.com/refunds'],
    ['a javascript URL', 'javascript:alert(1)'],
  ])('refuses %s with a 400', async (_case, url) => {
    const merchant = await createTestMerchant(server);
    const response = await call(
      server.app,
      'PUT',
      '/v1/merchant/webhook-endpoint',
      { url },
      { token: merchant.apiKey },
    );
    expectError(response, 400, 'VALIDATION_FAILED');
  });

  it('needs a merchant key on every route', async () => {
    for (const [method, url] of [
      ['GET', '/v1/merchant/webhook-endpoint'],
      ['PUT', '/v1/merchant/webhook-endpoint'],
      ['GET', '/v1/merchant/webhook-deliveries'],
    ] as const) {
      expectError(
        await call(
          server.app,
          method,
          url,
          method === 'PUT' ? { url: 'https://example.com/h' } : undefined,
        ),
        401,
        'UNAUTHORIZED',
      );
      expectError(
        await call(
          server.app,
          method,
          url,
          method === 'PUT' ? { url: 'https://example.com/h' } : undefined,
          { token: 'sk_sandbox_nope' },
        ),
        401,
        'UNAUTHORIZED',
      );
    }
  });

  describe('outside the sandbox', () => {
    let live: TestServer;
    beforeAll(async () => {
      live = await startTestServer({ SANDBOX: 'false' });
    });
    afterAll(() => live.close());

    it.each([
      'http://127.0.0.1:8080/hooks',
      'http://localhost/hooks',
      'http://[::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'http://10.1.2.3/hooks',
      'http://192.168.0.10/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://2130706433/hooks',
      'http://intranet/hooks',
    ])('refuses the private address %s and keeps the endpoint as it was', async (url) => {
      const merchant = await createTestMerchant(live);
      const token = merchant.apiKey;
      const response = await call(
        live.app,
        'PUT',
        '/v1/merchant/webhook-endpoint',
        { url },
        { token },
      );
      expectError(response, 400, 'WEBHOOK_URL_NOT_ALLOWED');
      const shown = await call(live.app, 'GET', '/v1/merchant/webhook-endpoint', undefined, {
        token,
      });
      expect(shown.json()).toEqual({ url: null, signing_secret: null });
    });

    it('accepts a public address', async () => {
      const merchant = await createTestMerchant(live);
      const url = 'https://hooks.example.com/refunds';
      const response = await call(
        live.app,
        'PUT',
        '/v1/merchant/webhook-endpoint',
        { url },
        { token: merchant.apiKey },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ url });
    });
  });
});

describe('delivering an event', () => {
  it('POSTs the stored payload, signed with the merchant secret, and marks it delivered', async () => {
    const merchant = await merchantWithEndpoint();
    const eventId = await recordEvent(merchant.id);
    await queueDeliveries([eventId]);
    await waitForStatus(eventId, 'delivered');

    const [request] = requestsTo(merchant.path);
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['refund-event-id']).toBe(eventId);
    const [stored] = await server.database.db
      .select({ payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, eventId));
    expect(JSON.parse(request?.body ?? '')).toEqual(stored?.payload);
    expect(JSON.parse(request?.body ?? '')).toMatchObject({ id: eventId, type: 'refund.claimed' });

    const header = request?.headers['refund-signature'];
    expect(typeof header).toBe('string');
    const signature = header as string;
    const body = request?.body ?? '';
    expect(verifyWebhookSignature(merchant.secret, signature, body)).toBe(true);
    expect(
      verifyWebhookSignature(
        merchant.secret,
        signature,
        body.replace('refund.claimed', 'refund.cancelled'),
      ),
    ).toBe(false);
    expect(verifyWebhookSignature(`${merchant.secret}x`, signature, body)).toBe(false);

    expect(await deliveriesOf(eventId)).toEqual([
      { attempt: 1, status: 'delivered', responseStatus: 200, error: null },
    ]);
  });

  it('retries after a failure: a 500 then a 200 is two attempts, then delivered', async () => {
    const merchant = await merchantWithEndpoint();
    let calls = 0;
    stub.respondWith((request, response) => {
      if (request.path === merchant.path) calls += 1;
      sendJson(response, request.path === merchant.path && calls === 1 ? 500 : 200, {});
    });
    const eventId = await recordEvent(merchant.id);
    await queueDeliveries([eventId]);
    // The queue's first retry comes after 5 to 10 seconds (backoff with jitter).
    await waitForStatus(eventId, 'delivered', 25_000);

    expect(requestsTo(merchant.path).map((request) => request.headers['refund-event-id'])).toEqual([
      eventId,
      eventId,
    ]);
    expect(await deliveriesOf(eventId)).toEqual([
      { attempt: 1, status: 'failed', responseStatus: 500, error: 'endpoint answered HTTP 500' },
      { attempt: 2, status: 'delivered', responseStatus: 200, error: null },
    ]);
  }, 40_000); // The second attempt waits out the queue's retry backoff (above).

  it('sends an event once however often it is queued', async () => {
    const merchant = await merchantWithEndpoint();
    const eventId = await recordEvent(merchant.id);
    const later = await recordEvent(merchant.id, 'refund.paid_out');
    // One worker takes jobs in order, so once the later event is delivered both duplicates ran.
    await queueDeliveries([eventId, eventId, later]);
    await waitForStatus(later, 'delivered');
    await queueDeliveries([eventId, later]);
    const sentinel = await recordEvent(merchant.id, 'refund.cancelled');
    await queueDeliveries([sentinel]);
    await waitForStatus(sentinel, 'delivered');

    const ids = requestsTo(merchant.path).map((request) => request.headers['refund-event-id']);
    expect(ids).toEqual([eventId, later, sentinel]);
    expect(await deliveriesOf(eventId)).toHaveLength(1);
  });

  it('delivers the events one transaction queued in the order it queued them', async () => {
    const merchant = await merchantWithEndpoint();
    const events = await server.database.db.transaction(async (tx) => {
      const ids: (string | null)[] = [];
      for (const type of [...webhookEventTypes, ...webhookEventTypes]) {
        ids.push(
          await recordWebhookEvent(tx, server.jobs, {
            merchantId: merchant.id,
            type,
            dedupeKey: `${crypto.randomUUID()}:${type}`,
            data: {},
          }),
        );
      }
      return ids;
    });
    const last = events.at(-1);
    if (!last) throw new Error('no events recorded');
    await waitForStatus(last, 'delivered');
    expect(requestsTo(merchant.path).map((request) => request.headers['refund-event-id'])).toEqual(
      events,
    );
  });

  it('leaves the event pending and logs nothing when no endpoint is set', async () => {
    const merchant = await createTestMerchant(server);
    const eventId = await recordEvent(merchant.id);
    await attempt(eventId, 0).run();
    expect(await eventStatus(eventId)).toBe('pending');
    expect(await deliveriesOf(eventId)).toEqual([]);
  });

  it('keeps a failed event pending for the next retry, and marks it failed after the last', async () => {
    const merchant = await merchantWithEndpoint();
    stub.respondWith((_request, response) => sendJson(response, 503, { secret: 'nope' }));
    const eventId = await recordEvent(merchant.id);

    const first = attempt(eventId, 0);
    await expect(first.run()).rejects.toThrow(/attempt 1 failed/);
    expect(await eventStatus(eventId)).toBe('pending');

    const last = attempt(eventId, 8);
    await expect(last.run()).rejects.toThrow(/attempt 9 failed/);
    expect(await eventStatus(eventId)).toBe('failed');
    expect(await deliveriesOf(eventId)).toEqual([
      { attempt: 1, status: 'failed', responseStatus: 503, error: 'endpoint answered HTTP 503' },
      { attempt: 9, status: 'failed', responseStatus: 503, error: 'endpoint answered HTTP 503' },
    ]);
    expect([...first.logs, ...last.logs].join('\n')).not.toContain(merchant.secret);
  });

  it('gives up on a slow endpoint after the timeout', async () => {
    const merchant = await merchantWithEndpoint();
    stub.respondWith(async (_request, response) => {
      await delay(1_000);
      sendJson(response, 200, {});
    });
    const eventId = await recordEvent(merchant.id);
    await expect(attempt(eventId, 0, { timeoutMs: 100 }).run()).rejects.toThrow();
    expect(await deliveriesOf(eventId)).toEqual([
      { attempt: 1, status: 'failed', responseStatus: null, error: 'no answer within 100 ms' },
    ]);
  });

  it('does not follow a redirect with the signed event', async () => {
    const merchant = await merchantWithEndpoint();
    stub.respondWith((_request, response) => {
      response.writeHead(307, { location: `${stub.url}/elsewhere` });
      response.end();
    });
    const eventId = await recordEvent(merchant.id);
    await expect(attempt(eventId, 0).run()).rejects.toThrow();
    expect(requestsTo('/elsewhere')).toEqual([]);
    expect((await deliveriesOf(eventId))[0]).toMatchObject({
      status: 'failed',
      responseStatus: 307,
    });
  });

  it('outside the sandbox, refuses at delivery time to call a private address', async () => {
    const merchant = await merchantWithEndpoint();
    const eventId = await recordEvent(merchant.id);
    await expect(attempt(eventId, 0, { allowPrivateUrls: false }).run()).rejects.toThrow();
    expect(requestsTo(merchant.path)).toEqual([]);
    expect(await deliveriesOf(eventId)).toEqual([
      {
        attempt: 1,
        status: 'failed',
        responseStatus: null,
        error: 'webhook URL is a private address',
      },
    ]);
  });
});

describe('verifyWebhookSignature', () => {
  const secret = 'whsec_test';
  const body = '{"id":"1","type":"refund.claimed"}';
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('accepts a fresh signature over the exact body', () => {
    const header = signWebhook(secret, body, nowSeconds());
    expect(verifyWebhookSignature(secret, header, body)).toBe(true);
    expect(verifyWebhookSignature(secret, header, Buffer.from(body))).toBe(true);
  });

  it.each<[string, (now: number) => string | undefined]>([
    ['a stale timestamp', (now) => signWebhook(secret, body, now - 310)],
    ['a timestamp far ahead', (now) => signWebhook(secret, body, now + 310)],
    ['another secret', (now) => signWebhook('whsec_other', body, now)],
    [
      'a changed timestamp',
      (now) => signWebhook(secret, body, now).replace(`t=${now}`, `t=${now - 1}`),
    ],
    ['no v1', (now) => `t=${now}`],
    ['garbage', () => 'hello'],
    ['nothing', () => undefined],
  ])('refuses %s', (_case, header) => {
    expect(verifyWebhookSignature(secret, header(nowSeconds()), body)).toBe(false);
  });

  it('accepts any of several v1 values, so a secret can be rotated', () => {
    const now = nowSeconds();
    const old = signWebhook('whsec_old', body, now).split(',')[1];
    expect(verifyWebhookSignature(secret, `${signWebhook(secret, body, now)},${old}`, body)).toBe(
      true,
    );
  });
});

describe('the delivery log', () => {
  async function listAll(token: string, limit: number) {
    const seen: Delivery[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const query: string = cursor ? `?limit=${limit}&cursor=${cursor}` : `?limit=${limit}`;
      const response = await call(
        server.app,
        'GET',
        `/v1/merchant/webhook-deliveries${query}`,
        undefined,
        { token },
      );
      expect(response.statusCode).toBe(200);
      const body = response.json() as { data: Delivery[]; next_cursor: string | null };
      expect(body.data.length).toBeLessThanOrEqual(limit);
      seen.push(...body.data);
      cursor = body.next_cursor;
      if (!cursor) return seen;
    }
    throw new Error('the cursor never ended');
  }

  it("walks every one of the merchant's deliveries a page at a time, newest first, and no one else's", async () => {
    const merchant = await merchantWithEndpoint();
    const other = await merchantWithEndpoint();
    const otherEvent = await recordEvent(other.id);
    await attempt(otherEvent, 0).run();

    const events: string[] = [];
    for (const type of ['refund.claimed', 'refund.paid_out'] as const) {
      const eventId = await recordEvent(merchant.id, type);
      await attempt(eventId, 0).run();
      events.push(eventId);
    }
    // Rows inside one millisecond and with equal timestamps: the cursor must still step past
    // each exactly once.
    const tied = await recordEvent(merchant.id, 'refund.cancelled');
    for (const [at, n] of [
      ['2030-01-01T00:00:00.123456Z', 1],
      ['2030-01-01T00:00:00.123456Z', 2],
      ['2030-01-01T00:00:00.123789Z', 3],
      ['2030-01-01T00:00:00.123Z', 4],
    ] as const) {
      await server.database.db.insert(webhookDeliveries).values({
        eventId: tied,
        merchantId: merchant.id,
        attempt: n,
        status: 'failed',
        responseStatus: 500,
        createdAt: sql`${at}::timestamptz`,
      });
    }

    const walked = await listAll(merchant.apiKey, 1);
    expect(walked).toHaveLength(6);
    expect(walked).toEqual(await listAll(merchant.apiKey, 100));
    expect(walked.map((delivery) => delivery.event_id)).not.toContain(otherEvent);
    expect(walked.slice(0, 4).map((delivery) => delivery.attempt)).toEqual([
      3,
      expect.any(Number),
      expect.any(Number),
      4,
    ]);
    expect(walked.slice(4).map((delivery) => delivery.event_id)).toEqual([events[1], events[0]]);
    expect(walked[4]).toMatchObject({
      event_type: 'refund.paid_out',
      attempt: 1,
      status: 'delivered',
      response_status: 200,
      error: null,
    });
    const times = walked.map((delivery) => Date.parse(delivery.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const othersView = await listAll(other.apiKey, 100);
    expect(othersView.map((delivery) => delivery.event_id)).toEqual([otherEvent]);
  });

  it('refuses a cursor it did not give out', async () => {
    const merchant = await createTestMerchant(server);
    const forged = (at: string) =>
      Buffer.from(JSON.stringify([at, crypto.randomUUID()])).toString('base64url');
    for (const cursor of ['nonsense', forged('yesterday'), forged('2030-02-31T00:00:00.000000Z')]) {
      const response = await call(
        server.app,
        'GET',
        `/v1/merchant/webhook-deliveries?cursor=${cursor}`,
        undefined,
        { token: merchant.apiKey },
      );
      expectError(response, 400, 'VALIDATION_FAILED');
    }
  });
});

describe('OpenAPI', () => {
  it('documents every webhook route with tags, a summary and schemas', async () => {
    const spec = (await call(server.app, 'GET', '/v1/docs/json')).json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; responses: Record<string, unknown> }>
      >;
    };
    for (const [path, method] of [
      ['/v1/merchant/webhook-endpoint', 'put'],
      ['/v1/merchant/webhook-endpoint', 'get'],
      ['/v1/merchant/webhook-deliveries', 'get'],
    ] as const) {
      const operation = spec.paths[path]?.[method];
      expect(operation?.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(operation?.responses['200'], `${method} ${path}`).toBeDefined();
    }
  });
});
