import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import * as schema from '../src/db/schema';
import { namedConnection, startChildServer, type ChildServer } from './support/child-server';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { digits, signUpForm, uniquePhone } from './support/people';
import { newMerchant, refundBody, refundCustomer } from './support/refund-fixtures';
import { startSentryStub, type SentryStub } from './support/sentry-stub';

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, the server as `npm start` runs it exports its traces:
 * each request a span (continuing a caller's trace), each statement a span inside it on
 * PostgreSQL, each job a span in the trace of the request that queued it. Received here by a
 * collector of the test's own, over OTLP/HTTP as JSON.
 */

const url = process.env.TEST_DATABASE_URL ?? '';

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, string | number | boolean | undefined>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
}

interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: {
      spans: (Omit<Span, 'attributes'> & { attributes: { key: string; value: OtlpValue }[] })[];
    }[];
  }[];
}

const valueOf = (value: OtlpValue) =>
  value.stringValue ?? (value.intValue === undefined ? value.boolValue : Number(value.intValue));

let collector: http.Server;
const spans: Span[] = [];
const services = new Set<string | number | boolean | undefined>();
/** Every export as it arrived, for the check that none carries personal data. */
const bodies: string[] = [];
let server: ChildServer;

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        bodies.push(body);
        for (const resourceSpans of (JSON.parse(body) as OtlpExport).resourceSpans) {
          for (const { key, value } of resourceSpans.resource.attributes) {
            if (key === 'service.name') services.add(valueOf(value));
          }
          for (const scope of resourceSpans.scopeSpans) {
            for (const span of scope.spans) {
              spans.push({
                ...span,
                attributes: Object.fromEntries(
                  span.attributes.map(({ key, value }) => [key, valueOf(value)]),
                ),
              });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
  const { port } = collector.address() as AddressInfo;
  server = await startChildServer({
    ...(url
      ? { DATABASE_URL: namedConnection(url, 'refund-api-traced') }
      : { DATA_DIR: 'memory://' }),
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
    LOG_LEVEL: 'info',
    JOB_POLL_SECONDS: '0.5',
  });
}, 180_000);

afterAll(async () => {
  server?.process.kill('SIGTERM');
  await server?.exited;
  collector?.close();
});

const spansOf = (traceId: string) => spans.filter((span) => span.traceId === traceId);

/** The exported span of a request to `route` answered with `status`, once it has arrived. */
async function requestSpan(route: string, status: number): Promise<Span> {
  const answered = (span: Span) =>
    span.name === 'request' &&
    span.attributes['http.route'] === route &&
    span.attributes['http.response.status_code'] === status;
  await expect.poll(() => spans.some(answered), { timeout: 10_000 }).toBe(true);
  return spans.find(answered)!;
}

describe('traces', () => {
  it('follow a sign-up from its request through its statements to the job that texts the passcode', async () => {
    const form = signUpForm();
    const response = await fetch(`${server.origin}/v1/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(form),
    });
    expect(response.status).toBe(201);
    const reqId = response.headers.get('x-request-id');

    const request = await requestSpan('/v1/users/signup', 201);
    expect(request.parentSpanId ?? '').toBe('');
    expect(request.attributes).toMatchObject({
      'http.request.method': 'POST',
      'url.path': '/v1/users/signup',
    });
    expect(services).toEqual(new Set(['refund-wallet-api']));

    // The text is sent by a job, in the same trace, under the request's own spans.
    await expect
      .poll(() => spansOf(request.traceId).map((span) => span.name), { timeout: 15_000 })
      .toContain('process send-message');
    const trace = spansOf(request.traceId);
    const job = trace.find((span) => span.name === 'process send-message');
    expect(trace.map((span) => span.spanId)).toContain(job?.parentSpanId);
    expect(job?.attributes).toMatchObject({
      'messaging.system': 'pg-boss',
      'messaging.destination.name': 'send-message',
    });
    // And its log line names the request.
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toMatch(new RegExp(`"reqId":"${reqId}"[^\\n]*"msg":"message delivered"`));

    if (url) {
      const statements = trace
        .filter((span) => span.attributes['db.system.name'] === 'postgresql')
        .map((span) => String(span.attributes['db.query.text']));
      expect(statements.some((text) => text.startsWith('insert into "otp_attempts"'))).toBe(true);
      // The queue's own looks for jobs, woken by this request's commit, are not its work.
      expect(statements.filter((text) => /state < 'active'/.test(text))).toEqual([]);
    }

    // No span carries the customer's phone number or e-mail address (statements are sent
    // without their parameters).
    const exported = bodies.join('\n');
    expect(exported).not.toContain(digits(form.phone_number));
    expect(exported).not.toContain(form.email);
  });

  it("leave the job queue's own work out of the request that started a queue", async () => {
    // A sign-in to a number with no account queues a job on a queue made on first use, while
    // the request runs; the queue's looks for jobs from then on are no part of that request.
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${server.origin}/v1/users/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone_number: uniquePhone(), bot_token: SANDBOX_PASSING_BOT_TOKEN }),
      });
      expect(response.status).toBe(200);
      await requestSpan('/v1/users/signin', 200);
    }
    await expect
      .poll(() => spans.filter((span) => span.name === 'process otp-no-recipient').length, {
        timeout: 15_000,
      })
      .toBe(2);
    const looks = spans.filter((span) =>
      /state < 'active'/.test(String(span.attributes['db.query.text'])),
    );
    expect(looks).toEqual([]);
  });

  it("continue a caller's trace, name a request by its route, and leave out the probes", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parent = '00f067aa0ba902b7';
    await fetch(`${server.origin}/readyz`);
    const response = await fetch(`${server.origin}/v1/wallet/balance?phone=2025550143`, {
      headers: { traceparent: `00-${traceId}-${parent}-01` },
    });
    expect(response.status).toBe(401);

    const request = await requestSpan('/v1/wallet/balance', 401);
    expect(request.traceId).toBe(traceId);
    expect(request.parentSpanId).toBe(parent);
    expect(request.attributes['url.path']).toBe('/v1/wallet/balance');
    expect(bodies.join('\n')).not.toContain('2025550143');
    expect(spans.map((span) => span.attributes['http.route'])).not.toContain('/readyz');
  });
});

// Only PostgreSQL lets the test refuse a statement of a server in another process.
describe.runIf(url)('traces beside Sentry', () => {
  const CHECK = 'refunds_test_traced_error';
  const REFUSED_ORDER = 'REFUSED-WHILE-TRACED';
  let stub: SentryStub;
  let reported: ChildServer;
  let admin: pg.Client;

  beforeAll(async () => {
    stub = await startSentryStub();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`alter table refunds drop constraint if exists ${CHECK}`);
    await admin.query(
      `alter table refunds add constraint ${CHECK} check (order_number <> '${REFUSED_ORDER}')`,
    );
    const { port } = collector.address() as AddressInfo;
    reported = await startChildServer({
      DATABASE_URL: namedConnection(url, 'refund-api-traced-reported'),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      SENTRY_DSN: stub.dsn('7'),
    });
  }, 180_000);
  afterAll(async () => {
    reported?.process.kill('SIGTERM');
    await reported?.exited;
    await admin?.query(`alter table refunds drop constraint if exists ${CHECK}`);
    await admin?.end();
    await stub?.close();
  });

  it('an unexpected error is reported to Sentry with its request, and its trace is exported', async () => {
    const merchant = await newMerchant(drizzle(admin, { schema }) as unknown as Db);
    const response = await fetch(`${reported.origin}/v1/merchant/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${merchant.apiKey}`,
        'idempotency-key': crypto.randomUUID(),
        'content-type': 'application/json',
      },
      body: JSON.stringify(refundBody(refundCustomer(), { order_number: REFUSED_ORDER })),
    });
    expect(response.status).toBe(500);

    const [event] = await stub.waitForEvents(1);
    const reportedEvent = event as {
      request?: { method?: string; url?: string };
      contexts?: { trace?: { trace_id?: string } };
    };
    expect(JSON.stringify(event)).toContain('violates check constraint');
    const request = await requestSpan('/v1/merchant/refunds', 500);
    expect(request.attributes['http.request.method']).toBe('POST');
    // The report names its own request (Sentry's scopes still follow each request) and the
    // trace it happened in.
    expect(reportedEvent.request?.method).toBe('POST');
    expect(new URL(reportedEvent.request?.url ?? '/', reported.origin).pathname).toBe(
      '/v1/merchant/refunds',
    );
    expect(reportedEvent.contexts?.trace?.trace_id).toBe(request.traceId);
  });
});
