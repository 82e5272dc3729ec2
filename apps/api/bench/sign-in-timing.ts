/**
 * How long POST /v1/users/signin takes for a number that has an account and for one that has
 * none. The two must not be told apart by their timing (ADR 0011): the run prints both medians
 * and their difference.
 *
 * Requests go through the server's own inject (no sockets), alternating known and unknown
 * numbers so a change in the machine's load hits both alike. Each request uses a fresh IP so
 * the per-IP send limit never answers instead, and each known number is a fresh account so the
 * per-number limit does not either.
 *
 *   npm run bench:sign-in -w @refund/api            (embedded database)
 *   DATABASE_URL=postgres://… npm run bench:sign-in -w @refund/api
 */
import { performance } from 'node:perf_hooks';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { loadConfig } from '../src/config';
import { insertUser } from '../src/features/auth/users';
import { createLogger } from '../src/http/logger';
import { createServer } from '../src/server';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 300);
const WARM_UP = 30;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const phone = (n: number, first: number) => `${first}${String(n).padStart(9, '0')}`;

async function main() {
  const config = loadConfig({
    ...process.env,
    NODE_ENV:
      process.env.NODE_ENV === 'production'
        ? 'development'
        : (process.env.NODE_ENV ?? 'development'),
    DATA_DIR: process.env.BENCH_DATA_DIR ?? 'memory://',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent',
  });
  const server = await createServer(config, createLogger('silent'));
  await server.app.ready();
  try {
    const total = PAIRS + WARM_UP;
    await server.database.db.transaction(async (tx) => {
      for (let i = 0; i < total; i += 1) {
        await insertUser(tx, {
          first_name: 'Bench',
          last_name: 'Known',
          email: `bench.known.${i}@example.com`,
          phone_number: phone(i, 3),
          date_of_birth: '1990-01-01',
        });
      }
    });

    async function signIn(number: string, i: number): Promise<number> {
      const started = performance.now();
      const response = await server.app.inject({
        method: 'POST',
        url: '/v1/users/signin',
        remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        payload: { phone_number: number, bot_token: SANDBOX_PASSING_BOT_TOKEN },
      });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}`);
      return elapsed;
    }

    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < total; i += 1) {
      // Alternate which goes first, so neither always follows the other.
      const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) {
        const ms =
          kind === 'known'
            ? await signIn(phone(i, 3), 2 * i)
            : await signIn(phone(i, 4), 2 * i + 1);
        if (i >= WARM_UP) (kind === 'known' ? known : unknown).push(ms);
      }
    }
    const knownMedian = median(known);
    const unknownMedian = median(unknown);
    console.log(
      `sign-in timing, ${PAIRS} requests each (${config.DATABASE_URL ? 'PostgreSQL' : 'embedded'}):`,
    );
    console.log(`  known number    median ${knownMedian.toFixed(2)} ms`);
    console.log(`  unknown number  median ${unknownMedian.toFixed(2)} ms`);
    console.log(`  difference      ${(unknownMedian - knownMedian).toFixed(2)} ms`);
  } finally {
    await server.close();
  }
}

await main();
