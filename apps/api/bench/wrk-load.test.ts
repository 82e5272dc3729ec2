import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWrk, parseWrkLatencies, runWrkLoad, threadLines } from './wrk-load';

describe('threadLines', () => {
  it('takes the customers in turn and deals the lines to the threads in turn', () => {
    const lines = threadLines(
      [
        { token: 'a', bodies: ['a1', 'a2', 'a3'] },
        { token: 'b', bodies: ['b1'] },
        { token: 'c', bodies: ['c1', 'c2'] },
      ],
      2,
    );
    expect(lines).toEqual([
      ['a\ta1', 'c\tc1', 'c\tc2'],
      ['b\tb1', 'a\ta2', 'a\ta3'],
    ]);
  });
});

describe('parseWrkLatencies', () => {
  it('counts answers, failures and every latency in milliseconds', () => {
    const result = parseWrkLatencies(
      [
        'requests 4',
        'duration 2000000',
        'status_errors 1',
        'socket_errors 2',
        'exhausted false',
        '1500 3',
        '20000 1',
        '',
      ].join('\n'),
    );
    expect(result).toMatchObject({ ok: 3, failed: 3, exhausted: false, elapsed: 2 });
    expect(result.latencies).toEqual([1.5, 1.5, 1.5, 20]);
  });

  it('refuses a report without its totals', () => {
    expect(() => parseWrkLatencies('1500 3\n')).toThrow(/no totals/);
  });
});

describe('runWrkLoad', () => {
  const seen: {
    token: string;
    key: string;
    body: string;
    type: string | null;
    encoding: string | null;
    path: string;
  }[] = [];
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    ensureWrk();
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        seen.push({
          token: request.headers.authorization ?? '',
          key: String(request.headers['idempotency-key'] ?? ''),
          body,
          type: request.headers['content-type'] ?? null,
          encoding: request.headers['accept-encoding'] ?? null,
          path: `${request.method} ${request.url}`,
        });
        response.statusCode = body.includes('refused') ? 422 : 201;
        response.end('{}');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(() => server?.close());

  it('sends every body once, with its customer token and a key of its own, until none is left', async () => {
    const customers = [
      { token: 'token-a', bodies: ['{"n":"a1"}', '{"n":"a2"}', '{"n":"a3"}'] },
      { token: 'token-b', bodies: ['{"n":"b1"}', '{"n":"refused"}'] },
    ];
    const result = await runWrkLoad({
      origin,
      path: '/v1/redemptions',
      seconds: 1,
      connections: 2,
      customers,
    });

    expect(seen.map((request) => request.path)).toEqual(Array(5).fill('POST /v1/redemptions'));
    expect(seen.map((p) => `${p.token} ${p.body}`).sort()).toEqual([
      'Bearer token-a {"n":"a1"}',
      'Bearer token-a {"n":"a2"}',
      'Bearer token-a {"n":"a3"}',
      'Bearer token-b {"n":"b1"}',
      'Bearer token-b {"n":"refused"}',
    ]);
    expect(new Set(seen.map((p) => p.key)).size).toBe(5);
    expect(result.exhausted).toBe(true);
    expect(result.failed).toBe(1);
    expect(result.ok).toBe(4);
    expect(result.latencies).toHaveLength(5);
  }, 30_000);

  it('ends as soon as every body was sent, long before its time is up; an empty body is sent as none', async () => {
    seen.length = 0;
    const result = await runWrkLoad({
      origin,
      path: '/v1/redemptions/otp',
      seconds: 60,
      connections: 2,
      customers: [{ token: 'token-c', bodies: ['', '', ''] }],
    });
    expect(result.exhausted).toBe(true);
    expect(result.elapsed).toBeLessThan(10);
    expect(seen.map((p) => [p.path, p.body, p.type])).toEqual(
      Array(3).fill(['POST /v1/redemptions/otp', '', null]),
    );
  }, 30_000);

  it('goes round the customers until the time is up when asked to, with the headers given', async () => {
    seen.length = 0;
    const result = await runWrkLoad({
      origin,
      path: '/v1/users/profile',
      method: 'GET',
      repeat: true,
      seconds: 1,
      connections: 2,
      headers: { 'Accept-Encoding': 'gzip, br' },
      customers: [{ token: 'token-d', bodies: [''] }],
    });
    expect(result.exhausted).toBe(false);
    expect(result.ok).toBeGreaterThan(10);
    // One customer for two threads: each thread goes round every customer.
    expect(new Set(seen.map((p) => p.token))).toEqual(new Set(['Bearer token-d']));
    for (const request of seen) {
      expect(request).toMatchObject({
        path: 'GET /v1/users/profile',
        key: '',
        type: null,
        encoding: 'gzip, br',
      });
    }
  }, 30_000);
});
