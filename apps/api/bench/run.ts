/**
 * Throughput of GET /v1/users/profile with a valid token, beside a bare Fastify hello-world
 * measured in the same run on the same machine. Target: at least half the bare rate on the
 * embedded default.
 *
 * Both servers run in this process while autocannon loads them from another. They are measured
 * in alternating rounds (bare, profile, bare, profile, ...) so a change in the machine's load
 * hits both alike, and besides requests per second the run reports this process's CPU time per
 * request: on a saturated core throughput is its inverse, and it does not move when other
 * programs compete for the CPU. The verdict uses the median of the rounds' CPU-cost ratios.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { Result } from 'autocannon';
import Fastify from 'fastify';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/http/logger';
import { createServer } from '../src/server';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** Load comes from a separate process, so the server under test has its own core. */
async function autocannon(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Result> {
  const args = [autocannonBin, '-j', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await once(child, 'exit');
  return JSON.parse(output) as Result;
}

interface Measurement {
  /** Requests per second. */
  rate: number;
  /** This process's CPU time per answered request, in microseconds. */
  cpuMicros: number;
}

async function measure(url: string, headers: Record<string, string>, seconds: number) {
  const cpuBefore = process.cpuUsage();
  const result = await autocannon(url, headers, seconds);
  const cpu = process.cpuUsage(cpuBefore);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    rate: result.requests.average,
    cpuMicros: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
  } satisfies Measurement;
}

async function startBare(): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  const address = await bare.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${address}/`, close: () => bare.close() };
}

async function startProduct() {
  const config = loadConfig({
    ...process.env,
    NODE_ENV:
      'production' === process.env.NODE_ENV
        ? 'development'
        : (process.env.NODE_ENV ?? 'development'),
    DATA_DIR: process.env.BENCH_DATA_DIR ?? 'memory://',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent',
  });
  const server = await createServer(config, createLogger('silent'));
  const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const token = await signUp(address);
  return {
    url: `${address}/v1/users/profile`,
    headers: { authorization: `Bearer ${token}` },
    engine: server.database.engine,
    close: () => server.close(),
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function signUp(address: string): Promise<string> {
  const phone = `2${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const post = (path: string, body: unknown) =>
    fetch(`${address}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const started = await post('/v1/users/signup', {
    first_name: 'Bench',
    last_name: 'Mark',
    email: `bench.${phone}@example.com`,
    phone_number: phone,
    date_of_birth: '1990-01-01',
    accepted_terms: true,
    bot_token: SANDBOX_PASSING_BOT_TOKEN,
  });
  const { attempt_id } = (await started.json()) as { attempt_id: string };
  for (let i = 0; i < 100; i += 1) {
    const inbox = (await (await fetch(`${address}/v1/sandbox/messages?to=${phone}`)).json()) as {
      data: { body: string }[];
    };
    const code = inbox.data[0] && /\b(\d{6})\b/.exec(inbox.data[0].body)?.[1];
    if (code) {
      const verified = (await (await post('/v1/users/verify', { attempt_id, code })).json()) as {
        access_token: string;
      };
      return verified.access_token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no sign-up code arrived');
}

const bare = await startBare();
const product = await startProduct();
const rows: { bare: Measurement; profile: Measurement }[] = [];
try {
  // A short warm-up so JIT and caches settle before the measured rounds.
  await measure(bare.url, {}, 2);
  await measure(product.url, product.headers, 2);
  for (let round = 0; round < ROUNDS; round += 1) {
    const bareRun = await measure(bare.url, {}, DURATION_SECONDS);
    const profileRun = await measure(product.url, product.headers, DURATION_SECONDS);
    rows.push({ bare: bareRun, profile: profileRun });
    console.log(
      `round ${round + 1}: bare ${bareRun.rate.toFixed(0)} req/s (${bareRun.cpuMicros.toFixed(1)} µs CPU/req), ` +
        `profile ${profileRun.rate.toFixed(0)} req/s (${profileRun.cpuMicros.toFixed(1)} µs CPU/req)`,
    );
  }
} finally {
  await product.close();
  await bare.close();
}

const rateRatio = median(rows.map((r) => r.profile.rate / r.bare.rate));
const costRatio = median(rows.map((r) => r.bare.cpuMicros / r.profile.cpuMicros));
console.log(
  `bare Fastify hello-world:            ${median(rows.map((r) => r.bare.rate)).toFixed(0)} req/s`,
);
console.log(
  `GET /v1/users/profile (${product.engine}): ${median(rows.map((r) => r.profile.rate)).toFixed(0)} req/s`,
);
console.log(
  `throughput ratio (median of ${ROUNDS} rounds): ${(rateRatio * 100).toFixed(1)}% of bare`,
);
console.log(
  `CPU-cost ratio (bare µs per request / profile µs per request, median): ${(costRatio * 100).toFixed(1)}% ` +
    `(target: at least 50%) ${costRatio >= 0.5 ? 'MET' : 'NOT MET'}`,
);
