/**
 * What `GET /v1/users/profile` costs on the embedded default, beside a bare Fastify hello-world,
 * both servers in processes of their own, the load from wrk (a process of its own, written in C,
 * bench/wrk-load.ts), 50 connections.
 *
 * The product serves 1,000 signed-in customers (BENCH_USERS), each with a token of their own, in
 * turn, with its caches as in production: a session check and a profile read are kept until the
 * database announces a change to their customer (ADR 0028), so after the warm-up every request
 * is answered from them. The first read of each customer, and every read after a change, costs
 * what the same load costs with both caches off (AUTH_CACHE_SECONDS=0), reported beside it.
 *
 * Rounds alternate (bare, product, bare, product, ...) so a change in the machine's load hits
 * both alike. The verdict uses each server process's CPU time per answered request, read from
 * /proc: on a saturated core throughput is its inverse, and other programs competing for the
 * machine do not move it. Target: the product's cost ratio (bare / product) at least 0.5 with
 * the caches as in production, median of the rounds. The first page of the gift card catalog
 * (`GET /v1/brands`, the same customers in turn) is measured the same way: target 0.3.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database';
import { seedBenchCustomers } from './bench-customers';
import { median } from './http-load';
import { reportFigure } from './report';
import { startBareFastify, startProductServer, type ServerProcess } from './server-process';
import { ensureWrk, readCost } from './wrk-load';

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 0.5;
/** The first page of the gift card catalog, as the web app's catalog screen asks for it. */
const BRANDS_PATH = '/v1/brands?limit=20&page=1';
const BRANDS_TARGET_RATIO = 0.3;

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Customers and their sessions, written into the embedded database's folder before it serves. */
async function seedCustomers(dataDir: string, count: number): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    return (await seedBenchCustomers(database.db, count)).map((customer) => customer.token);
  } finally {
    await database.close();
  }
}

interface Round {
  rate: number;
  /** The server process's CPU time per answered request, in microseconds. */
  cpuMicros: number;
}

async function measure(
  server: ServerProcess,
  path: string,
  tokens: string[],
  seconds: number,
): Promise<Round> {
  const { rate, cpuMicros } = await readCost({
    server,
    path,
    tokens,
    seconds,
    connections: CONNECTIONS,
  });
  return { rate, cpuMicros };
}

/** Alternating rounds of the bare server and the product; each round's pair side by side. */
async function alternate(
  bare: ServerProcess,
  product: ServerProcess,
  tokens: string[],
  productPath = '/v1/users/profile',
) {
  await measure(bare, '/', ['-'], 2); // warm-up: JIT, pools, caches
  await measure(product, productPath, tokens, 2);
  const rounds: { bare: Round; product: Round }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const bareRound = await measure(bare, '/', ['-'], SECONDS);
    const productRound = await measure(product, productPath, tokens, SECONDS);
    rounds.push({ bare: bareRound, product: productRound });
    log(
      `  round ${round + 1}: bare ${bareRound.rate.toFixed(0)} req/s (${bareRound.cpuMicros.toFixed(0)} µs CPU/req), ` +
        `${productPath} ${productRound.rate.toFixed(0)} req/s (${productRound.cpuMicros.toFixed(0)} µs CPU/req)`,
    );
  }
  return {
    ratio: median(rounds.map((r) => r.bare.cpuMicros / r.product.cpuMicros)),
    rate: median(rounds.map((r) => r.product.rate)),
    cpuMicros: median(rounds.map((r) => r.product.cpuMicros)),
    bareRate: median(rounds.map((r) => r.bare.rate)),
    bareCpuMicros: median(rounds.map((r) => r.bare.cpuMicros)),
  };
}

ensureWrk();
const dataDir = await mkdtemp(path.join(tmpdir(), 'refund-bench-profile-'));
try {
  log(`GET /v1/users/profile on the embedded database, ${USERS} customers in turn:`);
  const tokens = await seedCustomers(dataDir, USERS);
  const bare = await startBareFastify();
  try {
    const settings = { DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: String(3600) };
    log('caches as in production (kept until their customer changes):');
    let product = await startProductServer(settings);
    let cached;
    let brands;
    try {
      cached = await alternate(bare, product, tokens);
      log(`${BRANDS_PATH}, the same customers in turn:`);
      brands = await alternate(bare, product, tokens, BRANDS_PATH);
    } finally {
      await product.stop();
    }
    log('caches off (AUTH_CACHE_SECONDS=0):');
    product = await startProductServer({ ...settings, AUTH_CACHE_SECONDS: '0' });
    let uncached;
    try {
      uncached = await alternate(bare, product, tokens);
    } finally {
      await product.stop();
    }

    reportFigure({
      figure: 'bare Fastify hello-world',
      value: `${cached.bareRate.toFixed(0)} req/s, ${cached.bareCpuMicros.toFixed(0)} µs CPU per request`,
      target: null,
      met: null,
    });
    reportFigure({
      figure: `profile read, ${USERS} customers, caches as in production`,
      value:
        `${(cached.ratio * 100).toFixed(1)}% of bare Fastify's CPU cost ratio ` +
        `(${cached.rate.toFixed(0)} req/s, ${cached.cpuMicros.toFixed(0)} µs CPU per request)`,
      target: `at least ${(TARGET_RATIO * 100).toFixed(0)}%`,
      met: cached.ratio >= TARGET_RATIO,
    });
    reportFigure({
      figure: `gift card brands (${BRANDS_PATH}), ${USERS} customers`,
      value:
        `${(brands.ratio * 100).toFixed(1)}% of bare Fastify's CPU cost ratio ` +
        `(${brands.rate.toFixed(0)} req/s, ${brands.cpuMicros.toFixed(0)} µs CPU per request)`,
      target: `at least ${(BRANDS_TARGET_RATIO * 100).toFixed(0)}%`,
      met: brands.ratio >= BRANDS_TARGET_RATIO,
    });
    reportFigure({
      figure: `profile read, ${USERS} customers, caches off`,
      value:
        `${(uncached.ratio * 100).toFixed(1)}% of bare Fastify's CPU cost ratio ` +
        `(${uncached.rate.toFixed(0)} req/s, ${uncached.cpuMicros.toFixed(0)} µs CPU per request)`,
      target: null,
      met: null,
    });
  } finally {
    await bare.stop();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
