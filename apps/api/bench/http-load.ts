import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/**
 * Load for the benchmarks: requests to one path over keep-alive HTTP from a worker thread, so the
 * requests are not made on the server's own thread. Each customer brings its token and, for a
 * POST, the bodies it may send (each once, e.g. one per passcode); connections take customers in
 * turn until the time is up or every body was sent. A GET sends each customer's token in turn,
 * with no end but the time.
 */
export interface LoadResult {
  ok: number;
  failed: number;
  statuses: Record<string, number>;
  sample: string | null;
  exhausted: boolean;
  elapsed: number;
  latencies: number[];
}

const script = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { origin, path, method, durationMs, connections, customers, extraHeaders } = workerData;
const expected = method === 'GET' ? 200 : 201;
const { hostname, port } = new URL(origin);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const result = { ok: 0, failed: 0, statuses: {}, sample: null, exhausted: false, latencies: [] };
let next = 0;
function task() {
  for (let tries = 0; tries < customers.length; tries += 1) {
    const customer = customers[next++ % customers.length];
    if (method === 'GET') return { token: customer.token, body: null };
    const body = customer.bodies.pop();
    if (body) return { token: customer.token, body };
  }
  return null;
}
function send({ token, body }) {
  return new Promise((resolve) => {
    const headers = body === null
      ? { ...extraHeaders, authorization: 'Bearer ' + token }
      : { authorization: 'Bearer ' + token, 'content-type': 'application/json',
          'content-length': Buffer.byteLength(body), 'idempotency-key': randomUUID() };
    const request = http.request({ hostname, port, path, method, agent, headers },
      (response) => {
        let text = '';
        response.on('data', (chunk) => { if (response.statusCode !== expected) text += chunk; });
        response.on('end', () => resolve({ status: response.statusCode, text }));
      });
    request.on('error', (error) => resolve({ status: 0, text: String(error) }));
    request.end(body === null ? undefined : body);
  });
}
const started = performance.now();
const deadline = started + durationMs;
async function loop() {
  while (performance.now() < deadline) {
    const next = task();
    if (!next) { result.exhausted = true; return; }
    const at = performance.now();
    const { status, text } = await send(next);
    result.latencies.push(performance.now() - at);
    if (status === expected) result.ok += 1;
    else {
      result.failed += 1;
      result.statuses[status] = (result.statuses[status] || 0) + 1;
      result.sample = result.sample || text.slice(0, 300);
    }
  }
}
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  result.elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  parentPort.postMessage(result);
});
`;

export async function runLoad(options: {
  origin: string;
  path: string;
  /** POST (the default) answers 201 when it worked, GET 200. */
  method?: 'GET' | 'POST';
  seconds: number;
  connections: number;
  customers: { token: string; bodies: string[] }[];
  /** Headers every GET sends besides the token, e.g. the Accept-Encoding a browser sends. */
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const worker = new Worker(script, {
    eval: true,
    workerData: {
      origin: options.origin,
      path: options.path,
      method: options.method ?? 'POST',
      durationMs: options.seconds * 1000,
      connections: options.connections,
      customers: options.customers,
      extraHeaders: options.headers ?? {},
    },
  });
  const [result] = (await once(worker, 'message')) as [LoadResult];
  await worker.terminate();
  return result;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/** The middle of some values (the mean of the two middle ones for an even count). */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
