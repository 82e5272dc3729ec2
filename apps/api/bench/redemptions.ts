/**
 * Redemptions per second on PostgreSQL: POST /v1/redemptions to a sandbox debit card over HTTP,
 * (a) spread over many customers and (b) all on one hot customer, beside pgbench's simple-update
 * rate (`pgbench -N`) on the same server in the same run. The product runs as `npm start` runs
 * it: the compiled API in a process of its own, its default logging and its default database
 * pool, with pgbench given as many clients as that pool has connections. The load comes from wrk,
 * a C load generator in a process of its own as pgbench's client is (bench/wrk-load.ts), 64
 * requests at a time.
 *
 * Customers go through the calls a client makes: before each round every customer asks for its
 * withdrawal passcodes through the API (POST /v1/redemptions/otp, also measured), the sandbox
 * texts them, and the bench reads each code from the sandbox's outbox as the customer reads their
 * phone; the redemptions then send those codes. The withdrawal passcode allowance is raised for
 * the run (a real customer may ask for 30 an hour) and the hour's count of sends cleared between
 * rounds, as if the hour had passed.
 *
 * The three measurements alternate round by round (pgbench, spread, hot, pgbench, ...), so a
 * change in the machine's load hits all three alike. Afterwards the ledger must show no drift and
 * every balance must equal what the customer's history implies.
 *
 * Targets: each scenario at least 0.5x pgbench's rate (median of the rounds' ratios) with p99
 * latency under 100 ms in every round, the first included; more than one recording statement in
 * flight at a time on average while the load runs.
 *
 * Then, on the histories the rounds left, two reads' server CPU: the transaction history's first
 * page (at most 400 µs a request) and, from a server with its caches off, a profile read as a
 * customer's first request makes it (at most 1 ms).
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a server and a
 * database to connect to; the run creates databases of its own there and drops them afterwards.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { openDatabase, type Db } from '../src/db/database';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { resultRows } from '../src/db/statement';
import { checkLedger } from '../src/features/ledger/ledger-check';
import { median, percentile, type LoadResult } from './http-load';
import {
  AMOUNT_CENTS,
  api,
  askForCodes,
  forgetTheHoursSends,
  inBatches,
  redemptionLoad,
  setUpCustomers,
  type RedeemingCustomer as Customer,
} from './redeeming-customers';
import { reportFigure } from './report';
import { processCpuMs, startProductServer, type ServerProcess } from './server-process';
import { ensureWrk, readCost } from './wrk-load';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
/** The product's database pool: its default unless BENCH_POOL_SIZE says otherwise. */
const POOL_SIZE = Number(
  process.env.BENCH_POOL_SIZE ?? loadConfig({ DATA_DIR: 'memory://' }).DATABASE_POOL_SIZE,
);
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 100;
/** Passcodes each customer asks for before each round; a round that uses them all up says so. */
const SPREAD_CODES = Number(process.env.BENCH_CODES_PER_CUSTOMER ?? 50);
const HOT_CODES = Number(process.env.BENCH_HOT_CODES ?? 10_000);
const WARM_UP_CODES = 10;
/** The transaction history's first page, as the app asks for it. */
const TRANSACTIONS_PAGE = '/v1/transactions?limit=10';

const log = (line: string) => process.stdout.write(`${line}\n`);

// ---- databases ----

function databaseUrl(name: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// ---- pgbench beside us, on a scratch database ----

async function run(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${output}`);
  return output;
}

const PGBENCH = ['-N', '-c', String(POOL_SIZE), '-j', '2'];

async function pgbenchTps(url: string): Promise<number> {
  const output = await run('pgbench', [...PGBENCH, '-T', String(SECONDS), url]);
  const tps = /tps = ([\d.]+)/.exec(output)?.[1];
  if (!tps) throw new Error(`no tps in pgbench output:\n${output}`);
  return Number(tps);
}

// ---- the load ----

/** What the database server was doing while the load ran, sampled from pg_stat_activity. */
function sampleActivity(url: string, database: string) {
  const client = new pg.Client({ connectionString: url });
  const counts = new Map<string, number>();
  let samples = 0;
  /** Recording statements (a group commit's batch) running, summed over the samples. */
  let recording = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pending: Promise<void> = Promise.resolve();
  const tick = async (): Promise<void> => {
    const { rows } = await client.query<{ what: string; n: string }>(
      `select coalesce(wait_event_type || ':' || wait_event, 'on cpu') || ' (' || state || ')' as what,
              count(*) as n
       from pg_stat_activity
       where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()
       group by 1`,
      [database],
    );
    // A recording batch's statement names the passcode's hash among its first columns (the
    // activity view keeps only a statement's first kilobyte).
    const { rows: inFlight } = await client.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
       where datname = $1 and state = 'active' and query like '%code_hash text%'`,
      [database],
    );
    samples += 1;
    recording += Number(inFlight[0]?.n ?? 0);
    for (const row of rows) counts.set(row.what, (counts.get(row.what) ?? 0) + Number(row.n));
    if (!stopped) timer = setTimeout(() => (pending = tick()), 200);
  };
  return {
    async start() {
      await client.connect();
      pending = tick();
      await pending;
    },
    async stop(): Promise<{ waits: string[]; recordingInFlight: number }> {
      stopped = true;
      clearTimeout(timer);
      await pending;
      await client.end();
      return {
        waits: [...counts.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([what, n]) => `${(n / Math.max(samples, 1)).toFixed(1)} × ${what}`),
        recordingInFlight: recording / Math.max(samples, 1),
      };
    },
  };
}

/** Commits and rollbacks of the bench database so far. */
async function transactionsDone(database: string): Promise<number> {
  return admin(async (client) => {
    const { rows } = await client.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
      [database],
    );
    return Number(rows[0]?.n ?? 0);
  });
}

/**
 * CPU time the PostgreSQL backends serving this database spend while it runs, in milliseconds,
 * when the server runs on this machine; null elsewhere. Backends come and go (the pool closes
 * idle connections), so each is read every 250 ms and counted from when it was first seen (from
 * zero for one that started meanwhile).
 */
function trackBackendCpu(database: string) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let local = true;
  let started = false;
  /** Reads every backend; answers whether any could be read (false: not on this machine). */
  const read = async (): Promise<boolean> => {
    const pids = await admin(async (client) => {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      return rows.map((r) => r.pid);
    });
    let readable = pids.length === 0;
    for (const pid of pids) {
      const ms = await processCpuMs(pid);
      if (ms === null) continue; // exited since it was listed
      readable = true;
      if (!first.has(pid)) first.set(pid, started ? 0 : ms);
      last.set(pid, ms);
    }
    return readable;
  };
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let pending: Promise<unknown> = Promise.resolve();
  const tick = () => {
    pending = read().then(() => {
      if (running) timer = setTimeout(tick, 250);
    });
  };
  return {
    async start() {
      local = await read();
      started = true;
      running = true;
      timer = setTimeout(tick, 250);
    },
    async stop(): Promise<number | null> {
      running = false;
      clearTimeout(timer);
      await pending;
      await read();
      if (!local) return null;
      let total = 0;
      for (const [pid, ms] of last) total += ms - (first.get(pid) ?? 0);
      return total;
    },
  };
}

/** One scenario's round: its load, and what it cost the server and PostgreSQL per redemption. */
interface Measured {
  result: LoadResult;
  serverCpuMs: number;
  postgresCpuMs: number | null;
  transactions: number;
  waits: string[];
  /** Recording statements running at once, on average over the round. */
  recordingInFlight: number;
}

async function measure(
  serverPid: number,
  database: string,
  work: () => Promise<LoadResult>,
): Promise<Measured> {
  const transactions0 = await transactionsDone(database);
  const activity = sampleActivity(BASE_URL, database);
  await activity.start();
  const postgres = trackBackendCpu(database);
  await postgres.start();
  const cpu0 = (await processCpuMs(serverPid)) ?? 0;
  const result = await work();
  const serverCpuMs = ((await processCpuMs(serverPid)) ?? 0) - cpu0;
  const postgresCpuMs = await postgres.stop();
  const { waits, recordingInFlight } = await activity.stop();
  const transactions = (await transactionsDone(database)) - transactions0;
  return { result, serverCpuMs, postgresCpuMs, transactions, waits, recordingInFlight };
}

const rate = (r: LoadResult) => r.ok / r.elapsed;

function describeRound(m: Measured): string {
  const r = m.result;
  const per = (n: number) => (r.ok ? n / r.ok : 0);
  return (
    `${rate(r).toFixed(0)} redemptions/s (${r.ok} in ${r.elapsed.toFixed(1)} s, ` +
    `p50 ${percentile(r.latencies, 50).toFixed(1)} ms, p99 ${percentile(r.latencies, 99).toFixed(1)} ms, ` +
    `${r.failed} failed${r.failed ? ` ${JSON.stringify(r.statuses)} e.g. ${r.sample}` : ''}` +
    `${r.exhausted ? ', ran out of passcodes' : ''}); per redemption ` +
    `${per(m.transactions).toFixed(1)} transactions, ${per(m.serverCpuMs).toFixed(2)} ms server CPU` +
    (m.postgresCpuMs !== null ? `, ${per(m.postgresCpuMs).toFixed(2)} ms PostgreSQL CPU` : '') +
    `; recording statements in flight ${m.recordingInFlight.toFixed(2)}` +
    `; sessions on average: ${m.waits.join('; ')}`
  );
}

// ---- the run ----

ensureWrk();
const stamp = `${process.pid}_${Date.now()}`;
const benchDb = `refund_wallet_bench_${stamp}`;
const scratchDb = `refund_wallet_pgbench_${stamp}`;
await admin(async (client) => {
  await client.query(`CREATE DATABASE "${benchDb}"`);
  await client.query(`CREATE DATABASE "${scratchDb}"`);
});

try {
  await run('pgbench', ['-i', '-q', databaseUrl(scratchDb)]);
  const server = await startProductServer({
    DATABASE_URL: databaseUrl(benchDb),
    ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: String(POOL_SIZE) } : {}),
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    OTP_WITHDRAWAL_SENDS_PER_HOUR: '1000000',
  });
  const database = await openDatabase({ url: databaseUrl(benchDb), poolSize: 4 });
  const { db } = database;
  try {
    log(`setting up ${CUSTOMERS} customers and one hot customer…`);
    // The last customer is the hot one: enough for every passcode it will be given.
    const customers = await setUpCustomers(
      server.origin,
      db,
      CUSTOMERS + 1,
      (i) => (WARM_UP_CODES + ROUNDS * (i === CUSTOMERS ? HOT_CODES : SPREAD_CODES)) * AMOUNT_CENTS,
    );
    const hot = customers.pop() as Customer;

    // Warm-up: JIT, pools, caches.
    await askForCodes(server.origin, db, customers, WARM_UP_CODES, CONNECTIONS);
    await askForCodes(server.origin, db, [hot], WARM_UP_CODES, CONNECTIONS);
    await redemptionLoad(server.origin, customers, 2, WARM_UP_CODES, CONNECTIONS);
    await redemptionLoad(server.origin, [hot], 2, WARM_UP_CODES, CONNECTIONS);
    const rounds: {
      pgbench: number;
      spread: Measured;
      hot: Measured;
      codes: LoadResult[];
    }[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      await forgetTheHoursSends(db);
      const tps = await pgbenchTps(databaseUrl(scratchDb));
      const spreadCodes = await askForCodes(
        server.origin,
        db,
        customers,
        SPREAD_CODES,
        CONNECTIONS,
      );
      const spread = await measure(server.pid, benchDb, () =>
        redemptionLoad(server.origin, customers, SECONDS, SPREAD_CODES, CONNECTIONS),
      );
      const hotCodes = await askForCodes(server.origin, db, [hot], HOT_CODES, CONNECTIONS);
      const hotRound = await measure(server.pid, benchDb, () =>
        redemptionLoad(server.origin, [hot], SECONDS, HOT_CODES, CONNECTIONS),
      );
      rounds.push({ pgbench: tps, spread, hot: hotRound, codes: [spreadCodes, hotCodes] });
      log(`round ${round}: pgbench ${PGBENCH.join(' ')} ${tps.toFixed(0)} tps`);
      log(
        `  passcodes asked for, spread: ${describeCodes(spreadCodes)}; hot: ${describeCodes(hotCodes)}`,
      );
      log(`  (a) spread over ${CUSTOMERS} customers: ${describeRound(spread)}`);
      log(`  (b) one hot customer: ${describeRound(hotRound)}`);
    }

    // Payout callbacks run after the answer; let the last ones land before checking.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const report = await checkLedger(db);
    const drift = report.driftedAccounts.reduce(
      (sum, a) => sum + Math.abs(a.balance - a.entries),
      0,
    );
    const mismatches = await balancesVersusHistory(server.origin, [...customers, hot]);

    const setting =
      `PostgreSQL pool ${POOL_SIZE}${process.env.BENCH_POOL_SIZE ? '' : ' (the default)'}, ` +
      `${CONNECTIONS} concurrent requests, ${AMOUNT_CENTS}¢ each; pgbench ${PGBENCH.join(' ')}`;
    log(setting);
    const pgbench = median(rounds.map((r) => r.pgbench));
    reportFigure({
      figure: `pgbench ${PGBENCH.join(' ')} (simple updates, ${POOL_SIZE} clients as the pool has connections), same run`,
      value: `${pgbench.toFixed(0)} tps (median of ${ROUNDS} rounds)`,
      target: null,
      met: null,
    });
    const codes = rounds.flatMap((r) => r.codes);
    reportFigure({
      figure: 'withdrawal passcodes asked for (POST /v1/redemptions/otp), before each round',
      value: `${median(codes.map(rate)).toFixed(0)}/s, p99 ${percentile(
        codes.flatMap((c) => c.latencies),
        99,
      ).toFixed(1)} ms`,
      target: null,
      met: null,
    });
    for (const [name, pick] of [
      [`redemptions spread over ${CUSTOMERS} customers`, (r: (typeof rounds)[0]) => r.spread],
      ['redemptions by one hot customer', (r: (typeof rounds)[0]) => r.hot],
    ] as const) {
      const ratio = median(rounds.map((r) => rate(pick(r).result) / r.pgbench));
      const failed = rounds.reduce((sum, r) => sum + pick(r).result.failed, 0);
      reportFigure({
        figure: `${name}, rate (${setting})`,
        value:
          `${median(rounds.map((r) => rate(pick(r).result))).toFixed(0)}/s, ` +
          `${ratio.toFixed(2)}x pgbench${failed ? `, ${failed} failed` : ''}`,
        target: `at least ${TARGET_RATIO}x pgbench, none failed`,
        met: ratio >= TARGET_RATIO && failed === 0,
      });
      const p99s = rounds.map((r) => percentile(pick(r).result.latencies, 99));
      const worst = Math.max(...p99s);
      reportFigure({
        figure: `${name}, latency`,
        value: `p50 ${percentile(
          rounds.flatMap((r) => pick(r).result.latencies),
          50,
        ).toFixed(1)} ms; p99 by round ${p99s.map((p) => p.toFixed(1)).join(', ')} ms`,
        target: `p99 under ${TARGET_P99_MS} ms in every round`,
        met: worst < TARGET_P99_MS,
      });
      const inFlight = median(rounds.map((r) => pick(r).recordingInFlight));
      reportFigure({
        figure: `${name}, recording statements in flight`,
        value: `${inFlight.toFixed(2)} on average (median of the rounds)`,
        target: 'more than 1',
        met: inFlight > 1,
      });
    }
    const consistent = report.ok && drift === 0 && mismatches.length === 0;
    reportFigure({
      figure: 'ledger and balances after the load',
      value:
        `ledger ${report.ok ? 'ok' : 'NOT OK'}, drift ${drift}¢ over ${report.driftedAccounts.length} accounts, ` +
        `${report.unbalancedTransfers.length} unbalanced transfers, ${report.negativeAccounts.length} negative balances; ` +
        `${CUSTOMERS + 1 - mismatches.length}/${CUSTOMERS + 1} balances equal their history` +
        (mismatches.length ? ` (${mismatches.slice(0, 3).join('; ')})` : ''),
      target: 'zero drift, every balance equals its history',
      met: consistent,
    });
    if (!consistent) process.exitCode = 1;
    await untilQuiet(server, db);
    await readsOnPostgres(server, [...customers, hot]);
  } finally {
    await database.close();
    await server.stop();
  }
} finally {
  await admin(async (client) => {
    for (const name of [benchDb, scratchDb]) {
      await client
        .query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
        .catch((error: unknown) => log(`could not drop ${name}: ${String(error)}`));
    }
  });
}

// ---- reads of the same customers, on the same database ----

/**
 * The rounds leave the server work queued (texts about the payouts, their callbacks), done in the
 * same process: a read measured meanwhile would be charged with it. Waits (up to 2 minutes) until
 * no job is due or running, and says how long that took and what the server spent in the 2 s
 * after.
 */
async function untilQuiet(server: ServerProcess, db: Db) {
  const began = performance.now();
  for (;;) {
    const [{ n } = { n: 0 }] = resultRows<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from pgboss.job
            where state in ('created', 'retry', 'active') and start_after <= now()`,
      ),
    );
    if (n === 0 || performance.now() - began > 120_000) {
      const cpuBefore = await server.cpuMs();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idle = ((await server.cpuMs()) - cpuBefore) / 20;
      log(
        `before the reads: ${n} jobs due or running after ${((performance.now() - began - 2000) / 1000).toFixed(1)} s; ` +
          `the server then used ${idle.toFixed(1)}% of a core over 2 s`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Reads each customer's first page of a list, or their profile, over and over, 50 at a time. */
function readsOf(server: ServerProcess, path: string, customers: Customer[]) {
  return readCost({
    server,
    path,
    tokens: customers.map((c) => c.token),
    seconds: SECONDS,
    connections: 50,
  });
}

/**
 * On PostgreSQL, with the histories the rounds left (every customer has dozens of redemptions):
 * the first page of the transaction history as the app asks for it, with the caches as in
 * production; then, from a server with its caches off (AUTH_CACHE_SECONDS=0), the profile read
 * every customer's first request makes (a session check and a profile read from the database).
 * Server CPU a request, from /proc.
 */
async function readsOnPostgres(server: ServerProcess, customers: Customer[]) {
  const transactions = await readsOf(server, TRANSACTIONS_PAGE, customers);
  reportFigure({
    figure: `GET ${TRANSACTIONS_PAGE}, ${customers.length} customers with their redemptions, server CPU (PostgreSQL, 50 at a time, ${SECONDS} s)`,
    value: `${transactions.cpuMicros.toFixed(0)} µs a request (${transactions.rate.toFixed(0)} req/s, p99 ${transactions.p99.toFixed(1)} ms)`,
    target: 'at most 400 µs',
    met: transactions.cpuMicros <= 400,
  });
  const uncached = await startProductServer({
    DATABASE_URL: databaseUrl(benchDb),
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    AUTH_CACHE_SECONDS: '0',
  });
  try {
    const profile = await readsOf(uncached, '/v1/users/profile', customers);
    reportFigure({
      figure: `GET /v1/users/profile with the caches off (every read a first read), server CPU (PostgreSQL, 50 at a time, ${SECONDS} s)`,
      value: `${profile.cpuMicros.toFixed(0)} µs a request (${profile.rate.toFixed(0)} req/s, p99 ${profile.p99.toFixed(1)} ms)`,
      target: 'at most 1,000 µs',
      met: profile.cpuMicros <= 1000,
    });
  } finally {
    await uncached.stop();
  }
}

// ---- set-up through the API, with accounts and sessions made directly ----

function describeCodes(r: LoadResult): string {
  return (
    `${rate(r).toFixed(0)}/s (${r.ok} in ${r.elapsed.toFixed(1)} s, ` +
    `p99 ${percentile(r.latencies, 99).toFixed(1)} ms)`
  );
}

async function allPages<T>(origin: string, token: string, path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page = (await api(
      origin,
      `${path}?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      token,
    )) as { data: T[]; next_cursor: string | null };
    items.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

/** Customers whose balance differs from claimed refunds minus pending or successful payouts. */
async function balancesVersusHistory(origin: string, customers: Customer[]): Promise<string[]> {
  const mismatches = await inBatches(customers, 20, async (customer) => {
    const balance = await api(origin, '/v1/wallet/balance', customer.token);
    const refunds = await allPages<{ amount_in_cents: number }>(
      origin,
      customer.token,
      '/v1/refunds',
    );
    const payouts = await allPages<{ status: string; amount_in_cents: number }>(
      origin,
      customer.token,
      '/v1/transactions',
    );
    const implied =
      refunds.reduce((sum, r) => sum + r.amount_in_cents, 0) -
      payouts
        .filter((p) => p.status === 'Pending' || p.status === 'Successful')
        .reduce((sum, p) => sum + p.amount_in_cents, 0);
    return balance.total_in_cents === implied
      ? null
      : `${customer.phone}: balance ${String(balance.total_in_cents)}, history ${implied}`;
  });
  return mismatches.filter((m): m is string => m !== null);
}
