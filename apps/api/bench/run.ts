/**
 * Throughput of GET /v1/users/profile with a valid token, beside a bare Fastify hello-world
 * measured in the same run on the same machine. Target: at least half the bare rate on the
 * embedded default.
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

async function measure(url: string, headers: Record<string, string> = {}): Promise<number> {
  // A short warm-up so JIT and caches settle before the measured run.
  await autocannon(url, headers, 2);
  const result = await autocannon(url, headers, DURATION_SECONDS);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

async function bareRate(): Promise<number> {
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  const address = await bare.listen({ host: '127.0.0.1', port: 0 });
  try {
    return await measure(`${address}/`);
  } finally {
    await bare.close();
  }
}

async function profileRate(): Promise<{ rate: number; engine: string }> {
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
  try {
    const token = await signUp(address);
    return {
      rate: await measure(`${address}/v1/users/profile`, { authorization: `Bearer ${token}` }),
      engine: server.database.engine,
    };
  } finally {
    await server.close();
  }
}

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

const bare = await bareRate();
const profile = await profileRate();
const ratio = profile.rate / bare;
console.log(`bare Fastify hello-world:            ${bare.toFixed(0)} req/s`);
console.log(`GET /v1/users/profile (${profile.engine}): ${profile.rate.toFixed(0)} req/s`);
console.log(
  `ratio: ${(ratio * 100).toFixed(1)}% of bare (target: at least 50%) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`,
);
