/**
 * `npm run bench:cluster -w @refund/api`: redemptions and profile reads through HAProxy with 1, 2
 * and 3 API instances (npm run cluster's topology: a primary, its streaming replica, PgBouncer,
 * HAProxy), each instance as `npm start` runs it, its default logging included. Every instance
 * shares the machine's cores, so the figure compared is throughput per CPU-second of the API
 * processes together (their user and system time, from /proc): it should stay within 10% from
 * 1 to 3 instances. Also printed: each rate, its p99, and the replica's lag under the load
 * (pg_stat_replication's replay_lag, sampled every 200 ms).
 *
 * BENCH_CUSTOMERS (default 100), BENCH_SECONDS per round (default 8), BENCH_ROUNDS (default 2),
 * BENCH_CONNECTIONS (default 64), BENCH_INSTANCES (default "1,2,3"); BENCH_CLUSTER_PORT (default 4100)
 * and BENCH_CLUSTER_POSTGRES_PORT (default 5450) as npm run cluster's CLUSTER_PORT and
 * CLUSTER_POSTGRES_PORT.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import pg from 'pg';
import { startCluster, type Cluster } from '../cluster/cluster';
import { openDatabase } from '../src/db/database';
import { median, percentile, type LoadResult } from './http-load';
import {
  AMOUNT_CENTS,
  askForCodes,
  forgetTheHoursSends,
  redemptionLoad,
  setUpCustomers,
  type RedeemingCustomer,
} from './redeeming-customers';
import { reportFigure } from './report';
import { BENCH_SECRETS, processCpuMs } from './server-process';
import { ensureWrk, runWrkLoad } from './wrk-load';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const INSTANCES = (process.env.BENCH_INSTANCES ?? '1,2,3').split(',').map(Number);
/** Passcodes each customer asks for before a round: more than a round can use. */
const CODES_EACH = 60;
/** Warm-up passcodes of each customer, per instance. */
const WARM_UP_CODES = 10;
/** Seconds of warm-up load, per instance. */
const WARM_UP_SECONDS = 3;
const TARGET_SPREAD = 0.1;
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 4100);
const POSTGRES_PORT = Number(process.env.BENCH_CLUSTER_POSTGRES_PORT ?? 5450);

const log = (line: string) => process.stdout.write(`${line}\n`);

interface Measured {
  result: LoadResult;
  /** CPU-seconds the API processes spent during the load, all together. */
  apiCpuSeconds: number;
  /** replay_lag samples during the load, in milliseconds. */
  lagMs: number[];
}

async function apiCpuMs(cluster: Cluster, count: number): Promise<number> {
  let total = 0;
  for (let i = 0; i < count; i += 1) {
    const pid = cluster.instancePid(i);
    if (pid === null) throw new Error(`instance ${i + 1} is not running`);
    total += (await processCpuMs(pid)) ?? 0;
  }
  return total;
}

/** Samples the replica's replay lag on the primary until stopped. */
function sampleLag(url: string) {
  const samples: number[] = [];
  const client = new pg.Client({ connectionString: url });
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ ms: number | null }>(
        `select extract(epoch from replay_lag) * 1000 as ms from pg_stat_replication limit 1`,
      );
      // Null while the replica has nothing to replay: it is caught up.
      samples.push(Number(rows[0]?.ms ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

async function measure(
  cluster: Cluster,
  count: number,
  work: () => Promise<LoadResult>,
): Promise<Measured> {
  const lag = sampleLag(cluster.primaryUrl);
  const before = await apiCpuMs(cluster, count);
  const result = await work();
  const apiCpuSeconds = ((await apiCpuMs(cluster, count)) - before) / 1000;
  return { result, apiCpuSeconds, lagMs: await lag.stop() };
}

const rate = (m: Measured) => m.result.ok / m.result.elapsed;
const perCpu = (m: Measured) => m.result.ok / m.apiCpuSeconds;

function describe(m: Measured): string {
  const r = m.result;
  return (
    `${rate(m).toFixed(0)}/s, ${perCpu(m).toFixed(0)} per API CPU-second ` +
    `(${r.ok} in ${r.elapsed.toFixed(1)} s, ${m.apiCpuSeconds.toFixed(1)} CPU-s), ` +
    `p99 ${percentile(r.latencies, 99).toFixed(1)} ms` +
    `${r.failed ? `, ${r.failed} failed ${JSON.stringify(r.statuses)} e.g. ${r.sample}` : ''}` +
    `${r.exhausted ? ', ran out of passcodes' : ''}; replica lag max ` +
    `${Math.max(0, ...m.lagMs).toFixed(1)} ms`
  );
}

function reads(cluster: Cluster, customers: RedeemingCustomer[], seconds: number) {
  return runWrkLoad({
    origin: cluster.origin,
    path: '/v1/users/profile',
    method: 'GET',
    seconds,
    repeat: true,
    connections: CONNECTIONS,
    customers: customers.map((c) => ({ token: c.token, bodies: [''] })),
  });
}

ensureWrk();
const results = new Map<number, { redemptions: Measured[]; reads: Measured[] }>();
for (const count of INSTANCES) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'refund-cluster-bench-'));
  log(`\n${count} instance${count > 1 ? 's' : ''}: starting the cluster…`);
  const cluster = await startCluster({
    dir,
    instances: count,
    port: PORT,
    postgresPort: POSTGRES_PORT,
    env: {
      ...BENCH_SECRETS,
      SEED_DEMO_DATA: 'false',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      OTP_WITHDRAWAL_SENDS_PER_HOUR: '1000000',
    },
  });
  const database = await openDatabase({ url: cluster.primaryUrl, poolSize: 4 });
  try {
    const { db } = database;
    const customers = await setUpCustomers(
      cluster.origin,
      db,
      CUSTOMERS,
      () => (WARM_UP_CODES * count + ROUNDS * CODES_EACH) * AMOUNT_CENTS,
    );
    // Warm-up: JIT, pools, caches. Each instance gets as much as one alone would (HAProxy
    // shares the load out): a perf profile of three instances warmed as long as one, together,
    // showed 19% of an instance's samples in V8's compilers and unoptimised code, against 8%.
    const warmUpCodes = WARM_UP_CODES * count;
    await askForCodes(cluster.origin, db, customers, warmUpCodes, CONNECTIONS);
    await redemptionLoad(
      cluster.origin,
      customers,
      WARM_UP_SECONDS * count,
      warmUpCodes,
      CONNECTIONS,
    );
    await reads(cluster, customers, WARM_UP_SECONDS * count);
    const measured = { redemptions: [] as Measured[], reads: [] as Measured[] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      await forgetTheHoursSends(db);
      await askForCodes(cluster.origin, db, customers, CODES_EACH, CONNECTIONS);
      const redeemed = await measure(cluster, count, () =>
        redemptionLoad(cluster.origin, customers, SECONDS, CODES_EACH, CONNECTIONS),
      );
      const read = await measure(cluster, count, () => reads(cluster, customers, SECONDS));
      measured.redemptions.push(redeemed);
      measured.reads.push(read);
      log(`  round ${round}: redemptions ${describe(redeemed)}`);
      log(`  round ${round}: profile reads ${describe(read)}`);
    }
    results.set(count, measured);
  } finally {
    await database.close();
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const setting =
  `through HAProxy, ${CONNECTIONS} concurrent requests (wrk), ${CUSTOMERS} customers, ` +
  `PgBouncer in transaction mode, reads of the money views on the replica`;
log(`\n${setting}`);
const first = results.get(INSTANCES[0]!);
for (const [name, pick] of [
  ['redemptions', (m: { redemptions: Measured[] }) => m.redemptions],
  ['profile reads (GET /v1/users/profile)', (m: { reads: Measured[] }) => m.reads],
] as const) {
  const base = first ? median(pick(first).map(perCpu)) : 0;
  for (const [count, measured] of results) {
    const rounds = pick(measured);
    const efficiency = median(rounds.map(perCpu));
    const failed = rounds.reduce((sum, m) => sum + m.result.failed, 0);
    const ratio = base ? efficiency / base : 0;
    const compared = count !== INSTANCES[0];
    reportFigure({
      figure: `${name}, ${count} instance${count > 1 ? 's' : ''}`,
      value:
        `${median(rounds.map(rate)).toFixed(0)}/s, ${efficiency.toFixed(0)} per API CPU-second` +
        (compared ? ` (${ratio.toFixed(2)}x of ${INSTANCES[0]})` : '') +
        `, p99 ${percentile(
          rounds.flatMap((m) => m.result.latencies),
          99,
        ).toFixed(1)} ms, replica lag max ${Math.max(0, ...rounds.flatMap((m) => m.lagMs)).toFixed(
          1,
        )} ms${failed ? `, ${failed} failed` : ''}`,
      target: compared
        ? `per CPU-second within ${TARGET_SPREAD * 100}% of ${INSTANCES[0]} instance, none failed`
        : 'none failed',
      met: (compared ? Math.abs(ratio - 1) <= TARGET_SPREAD : true) && failed === 0,
    });
  }
}
