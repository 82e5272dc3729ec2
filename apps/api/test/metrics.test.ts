import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer, type MetricsServer } from '../src/observability/metrics';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { addCard, newMerchant, redeemAll } from './support/payout-fixtures';
import { signUpNewPerson } from './support/people';
import type { TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * What Prometheus scrapes from an instance with METRICS_PORT set: its requests by route pattern,
 * the job queues and the payouts by state as the database holds them, on a port of its own.
 */
let server: TestServer;
let merchant: TestMerchant;
let metrics: MetricsServer;

beforeAll(async () => {
  server = await startTestServer({ METRICS_PORT: '0' });
  merchant = await newMerchant(server.database.db);
  if (!server.metrics) throw new Error('METRICS_PORT is set, yet the server has no metrics');
  metrics = await startMetricsServer(server.metrics, { host: '127.0.0.1', port: 0 }, (error) => {
    throw error;
  });
});
afterAll(async () => {
  await metrics.close();
  await server.close();
});

const scrape = async (path = '/metrics') => {
  const response = await fetch(`http://127.0.0.1:${metrics.address.port}${path}`);
  return { status: response.status, text: await response.text() };
};

/** One sample's value, by its name and exact label set as Prometheus writes it; 0 if absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('the metrics port', () => {
  it('counts requests by route pattern and status, never by the ids in the path', async () => {
    const person = await signUpNewPerson(server.app);
    const route = 'method="GET",route="/v1/users/profile",status_code="200"';
    const before = sample((await scrape()).text, `http_requests_total{${route}}`);
    for (let i = 0; i < 3; i += 1) {
      const read = await call(server.app, 'GET', '/v1/users/profile', undefined, {
        token: person.accessToken,
      });
      expect(read.statusCode).toBe(200);
    }
    const refundId = randomUUID();
    const missing = await call(server.app, 'GET', `/v1/merchant/refunds/${refundId}`, undefined, {
      token: merchant.apiKey,
    });
    expect(missing.statusCode).toBe(404);

    const { status, text } = await scrape();
    expect(status).toBe(200);
    expect(sample(text, `http_requests_total{${route}}`)).toBe(before + 3);
    expect(
      sample(
        text,
        'http_requests_total{method="GET",route="/v1/merchant/refunds/:refund_uuid",status_code="404"}',
      ),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/v1/users/profile"}'),
    ).toBe(before + 3);
    expect(text).not.toContain(refundId);
    expect(text).not.toContain(person.accessToken);
    expect(text).not.toContain(merchant.apiKey);
    // The process's own figures come with it, and on PostgreSQL its request pool's.
    expect(text).toContain('process_cpu_seconds_total');
    if (process.env.TEST_DATABASE_URL) {
      expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    } else {
      expect(text).not.toContain('db_pool_connections{');
    }
  });

  it('shows the payouts by method and state as the database holds them', async () => {
    const countOf = (text: string) =>
      ['pending', 'succeeded', 'failed', 'returned'].reduce(
        (sum, state) => sum + sample(text, `payouts{mode="debit",state="${state}"}`),
        0,
      );
    const before = countOf((await scrape()).text);
    await redeemAll({ server, merchant }, 1500, 'debit', (token) =>
      addCard(server.app, token, sandboxCards.visaDebit),
    );
    const after = (await scrape()).text;
    expect(countOf(after)).toBe(before + 1);
  });

  it('shows a queue’s jobs waiting, due or not yet', async () => {
    const queue = `metrics-test-${randomUUID().slice(0, 8)}`;
    await server.jobs.work(queue, {}, async () => undefined);
    await server.jobs.send(queue, {}, { startAfter: new Date(Date.now() + 3_600_000) });
    const { text } = await scrape();
    expect(sample(text, `job_queue_jobs{queue="${queue}",when="deferred"}`)).toBe(1);
    expect(sample(text, `job_queue_jobs{queue="${queue}",when="due"}`)).toBe(0);
    expect(text).toContain('# HELP job_queue_oldest_due_seconds');
  });

  it('serves nothing but /metrics, and the API serves no metrics', async () => {
    expect((await scrape('/')).status).toBe(404);
    expect((await scrape('/v1/users/profile')).status).toBe(404);
    const onApi = await call(server.app, 'GET', '/metrics');
    expect(onApi.body).not.toContain('http_requests_total');
  });
});

describe('without METRICS_PORT', () => {
  it('the server keeps no metrics', async () => {
    const plain = await startTestServer();
    try {
      expect(plain.metrics).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
