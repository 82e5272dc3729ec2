import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database';
import type { Reads } from '../db/replica-reads';
import { runStatement } from '../db/statement';

/**
 * What an operator scrapes from each instance (README, "Metrics"): its requests by route, its
 * connection pool, and, read from the database at each scrape, the job queues and the payouts by
 * state. Served on a port of its own (METRICS_PORT), never on the API's.
 */
export interface Metrics {
  registry: Registry;
  /** Counts and times every request `app` answers, by its route's pattern (never its URL). */
  observe(app: FastifyInstance): void;
}

/** Seconds; from a cached read to a slow redemption's group commit. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The jobs waiting by queue: those due now, and how long the longest-waiting one has. */
const JOB_QUEUES = `
  select name,
    count(*) filter (where start_after <= now())::int as due,
    count(*) filter (where start_after > now())::int as deferred,
    coalesce(extract(epoch from now() - min(start_after) filter (where start_after <= now())), 0)::float8
      as oldest_due_seconds
  from pgboss.job where state in ('created', 'retry') group by name`;

/** Payouts by method and state; pending ones with the age of the oldest. */
const PAYOUTS = `
  select mode, status, count(*)::int as count,
    coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_seconds
  from redemptions group by mode, status`;

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The request pool on PostgreSQL (pg.Pool, whose module is loaded only there); null else. */
function poolOf(db: Db): PoolCounts | null {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === 'object' && client !== null && 'waitingCount' in client
    ? (client as PoolCounts)
    : null;
}

/** The latest stored ledger check (features/ledger/ledger-check-schedule.ts). */
const LEDGER_CHECK = `
  select ok, problems, took_ms,
    extract(epoch from now() - checked_at)::float8 as age_seconds
  from ledger_check_results order by checked_at desc limit 1`;

export function createMetrics(db: Db, reads?: Pick<Reads, 'replicated' | 'lagSeconds'>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  const pool = poolOf(db);
  new Gauge({
    name: 'db_pool_connections',
    help: 'The request pool’s connections to PostgreSQL: open (total), idle, and requests waiting for one (waiting). Absent on the embedded engine.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  /** A gauge the database's figures fill, at each scrape (readDatabase). */
  const fromDatabase = <L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
  ) => new Gauge<L>({ name, help, labelNames, registers: [registry], collect: () => readOnce() });

  const jobs = fromDatabase(
    'job_queue_jobs',
    'Jobs waiting, by queue: due now (due) or not yet (deferred).',
    ['queue', 'when'],
  );
  const jobAge = fromDatabase(
    'job_queue_oldest_due_seconds',
    'How long the longest-waiting due job of each queue has waited since it fell due.',
    ['queue'],
  );
  const payouts = fromDatabase(
    'payouts',
    'Payouts (redemptions) by method and state, from the database.',
    ['mode', 'state'],
  );
  const pendingAge = fromDatabase(
    'payouts_oldest_pending_seconds',
    'Age of the oldest payout still pending, by method (0 when none is).',
    ['mode'],
  );

  if (reads?.replicated) {
    new Gauge({
      name: 'replica_lag_seconds',
      help: 'How far behind the primary the read replica is known to be (DATABASE_READ_URL); NaN while it is not read (unreachable, or further behind than DATABASE_READ_MAX_LAG_MS).',
      registers: [registry],
      collect() {
        this.set(reads.lagSeconds() ?? Number.NaN);
      },
    });
  }

  const ledgerOk = fromDatabase(
    'ledger_check_ok',
    'Whether every ledger invariant held at the latest check (1) or not (0); NaN before the first check.',
  );
  const ledgerAge = fromDatabase(
    'ledger_check_age_seconds',
    'How long ago the latest ledger check ran (LEDGER_CHECK_INTERVAL_SECONDS apart).',
  );
  const ledgerProblems = fromDatabase(
    'ledger_check_problems',
    'What the latest ledger check found wrong, by kind (unbalancedTransfers, driftedAccounts, negativeAccounts...).',
    ['kind'],
  );
  const ledgerDuration = fromDatabase(
    'ledger_check_duration_seconds',
    'How long the latest ledger check took.',
  );

  const readTime = fromDatabase(
    'metrics_database_read_seconds',
    'How long this scrape took to read the job queues, the payouts and the latest ledger check from the database.',
  );

  /**
   * The gauges the database's figures fill are written out side by side: each waits for one
   * read of them all, started by whichever asks first in a scrape.
   */
  let reading: Promise<void> | null = null;
  function readOnce(): Promise<void> {
    reading ??= readDatabase().finally(() => {
      reading = null;
    });
    return reading;
  }

  /**
   * Reads the job queues and the payouts, once a scrape. A scrape while the database does not
   * answer fails (a 500), rather than show the last figures as if they were current.
   */
  async function readDatabase(): Promise<void> {
    const started = process.hrtime.bigint();
    const [queues, states, checks] = await Promise.all([
      runStatement<{ name: string; due: number; deferred: number; oldest_due_seconds: number }>(
        db,
        JOB_QUEUES,
        [],
      ),
      runStatement<{ mode: string; status: string; count: number; oldest_seconds: number }>(
        db,
        PAYOUTS,
        [],
      ),
      runStatement<{
        ok: boolean;
        problems: Record<string, number>;
        took_ms: number;
        age_seconds: number;
      }>(db, LEDGER_CHECK, []),
    ]);
    jobs.reset();
    jobAge.reset();
    for (const queue of queues) {
      jobs.set({ queue: queue.name, when: 'due' }, queue.due);
      jobs.set({ queue: queue.name, when: 'deferred' }, queue.deferred);
      jobAge.set({ queue: queue.name }, queue.oldest_due_seconds);
    }
    payouts.reset();
    pendingAge.reset();
    for (const row of states) {
      payouts.set({ mode: row.mode, state: row.status }, row.count);
      if (row.status === 'pending') pendingAge.set({ mode: row.mode }, row.oldest_seconds);
    }
    // Before the first check nothing is known: NaN, which no alert on 0 mistakes for a result.
    const [check] = checks;
    ledgerOk.set(check ? (check.ok ? 1 : 0) : Number.NaN);
    ledgerAge.set(check ? check.age_seconds : Number.NaN);
    ledgerDuration.set(check ? check.took_ms / 1000 : Number.NaN);
    ledgerProblems.reset();
    for (const [kind, count] of Object.entries(check?.problems ?? {})) {
      ledgerProblems.set({ kind }, count);
    }
    readTime.set(Number(process.hrtime.bigint() - started) / 1e9);
  }

  return {
    registry,
    observe(app) {
      app.addHook('onResponse', (request, reply, done) => {
        // The route's pattern, so that ids in paths do not make a series each; unmatched
        // requests (404s, the web app's files) share one.
        const route = request.routeOptions.url ?? 'unmatched';
        requests.inc({ method: request.method, route, status_code: reply.statusCode });
        durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
        done();
      });
    },
  };
}

export interface MetricsServer {
  /** Where it listens, for the logs and the tests. */
  address: AddressInfo;
  close(): Promise<void>;
}

/** Serves `GET /metrics` in Prometheus's text format on a port of its own, and nothing else. */
export async function startMetricsServer(
  metrics: Metrics,
  listen: { host: string; port: number },
  onError: (error: unknown) => void,
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
