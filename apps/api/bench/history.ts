/**
 * History at scale, on PostgreSQL: two customers, one with 1,000 claimed refunds and one with
 * 1,000,000 (BENCH_HISTORY_ROWS), each claim in the ledger as a claim posts it (a transfer and its
 * two entries), the server in a process of its own as `npm start` runs it. Reported: the latency
 * of the refund history's first page, of a deep page (the last one, and at row 500,000 of the
 * long history), of the statement's first page and a deep one (every movement of their money,
 * read from the ledger), and of the balance, each the median (p50) and p99 of sequential
 * requests, the two customers' requests interleaved so both meet the same machine. Targets: a
 * deep page of the long history at most 1.5x the short history's deep page; the statement's
 * pages and the balance at most 1.5x the short history's.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a server and a
 * database to connect to; the run creates a database of its own there and drops it afterwards.
 */
import { performance } from 'node:perf_hooks';
import { and, desc, eq } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/db/database';
import { ledgerAccounts, ledgerEntries, refunds } from '../src/db/schema';
import { createAccessTokens } from '../src/features/auth/access-token';
import { createSessionStore } from '../src/features/auth/sessions';
import { createMerchant, generateApiKey } from '../src/features/merchants/merchant-keys';
import { encodeCursor, encodeSeqCursor } from '../src/http/cursor';
import { seededCustomer, seedRefundHistory } from '../test/support/history-seed';
import { databaseBeside } from '../test/support/own-database';
import { percentile } from './http-load';
import { reportFigure } from './report';
import { BENCH_SECRETS, startProductServer } from './server-process';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SHORT = 1_000;
const LONG = Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_HISTORY_SAMPLES ?? 200);
const PAGE = 20;
const TARGET_FACTOR = 1.5;
const NEWEST = new Date('2026-06-01T12:00:00.000Z');

const log = (line: string) => process.stdout.write(`${line}\n`);

/** The cursor a client holds after reading the first `rows` refunds of a seeded history. */
async function cursorAfter(db: Db, userId: string, rows: number): Promise<string> {
  // Seeded refunds are one second apart, newest first: row n was claimed n seconds before NEWEST.
  const at = new Date(NEWEST.getTime() - rows * 1000);
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.claimedByUserId, userId), eq(refunds.claimedAt, at)));
  if (!row) throw new Error(`no seeded refund at row ${rows}`);
  return encodeCursor(at, row.id);
}

/** The cursor a client holds after reading the first `lines` lines of a seeded statement. */
async function statementCursorAfter(db: Db, userId: string, lines: number): Promise<string> {
  // Each seeded claim is one line, its entry on the customer's available account.
  const [row] = await db
    .select({ seq: ledgerEntries.seq })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerAccounts.ownerType, 'customer'), eq(ledgerAccounts.ownerId, userId)))
    .orderBy(desc(ledgerEntries.seq))
    .offset(lines - 1)
    .limit(1);
  if (!row) throw new Error(`no seeded statement line at ${lines}`);
  return encodeSeqCursor(row.seq);
}

interface Probe {
  name: string;
  path: string;
  token: string;
  latencies: number[];
}

async function timeOne(origin: string, probe: Probe): Promise<void> {
  const started = performance.now();
  const response = await fetch(`${origin}${probe.path}`, {
    headers: { authorization: `Bearer ${probe.token}` },
  });
  const body = await response.text();
  probe.latencies.push(performance.now() - started);
  if (!response.ok) throw new Error(`${probe.path}: HTTP ${response.status} ${body}`);
}

const benchDatabase = await databaseBeside(BASE_URL, 'history_bench');
try {
  const server = await startProductServer({
    DATABASE_URL: benchDatabase.url,
    ACCESS_TOKEN_TTL_SECONDS: '3600',
  });
  const database = await openDatabase({ url: benchDatabase.url, poolSize: 2 });
  try {
    const { db } = database;
    const merchant = await createMerchant(db, 'History merchant', generateApiKey('sandbox'));
    const sessions = createSessionStore(db, 30, { secret: BENCH_SECRETS.OTP_SECRET });
    const tokens = createAccessTokens(BENCH_SECRETS.JWT_SECRET, 3600);
    const customers = [];
    for (const [tag, count] of [
      ['short', SHORT],
      ['long', LONG],
    ] as const) {
      const customer = await seededCustomer(db, `${tag}.${process.pid}`);
      const started = performance.now();
      await seedRefundHistory(db, {
        merchantId: merchant.id,
        userId: customer.id,
        email: customer.email,
        count,
        newest: NEWEST,
        ledger: true,
      });
      log(
        `seeded ${count.toLocaleString('en-US')} refunds in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const { sessionId } = await sessions.start(db, customer.id);
      customers.push({
        ...customer,
        count,
        token: tokens.issue({ sub: customer.id, sid: sessionId }).token,
      });
    }
    await db.execute('analyze');
    const [short, long] = customers as [(typeof customers)[0], (typeof customers)[0]];

    const history = (cursor?: string) =>
      `/v1/refunds?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`;
    const statement = (cursor?: string) =>
      `/v1/wallet/statement?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`;
    const probe = (probeName: string, path: string, token: string): Probe => ({
      name: probeName,
      path,
      token,
      latencies: [],
    });
    const middle = Math.floor(LONG / 2);
    const probes = {
      shortFirst: probe(
        `first page, ${SHORT.toLocaleString('en-US')} refunds`,
        history(),
        short.token,
      ),
      longFirst: probe(
        `first page, ${LONG.toLocaleString('en-US')} refunds`,
        history(),
        long.token,
      ),
      shortDeep: probe(
        `last page, ${SHORT.toLocaleString('en-US')} refunds (row ${(SHORT - PAGE).toLocaleString('en-US')})`,
        history(await cursorAfter(db, short.id, SHORT - PAGE)),
        short.token,
      ),
      longMiddle: probe(
        `deep page, ${LONG.toLocaleString('en-US')} refunds (row ${middle.toLocaleString('en-US')})`,
        history(await cursorAfter(db, long.id, middle)),
        long.token,
      ),
      longDeep: probe(
        `last page, ${LONG.toLocaleString('en-US')} refunds (row ${(LONG - PAGE).toLocaleString('en-US')})`,
        history(await cursorAfter(db, long.id, LONG - PAGE)),
        long.token,
      ),
      shortStatement: probe(
        `statement first page, ${SHORT.toLocaleString('en-US')} lines`,
        statement(),
        short.token,
      ),
      longStatement: probe(
        `statement first page, ${LONG.toLocaleString('en-US')} lines`,
        statement(),
        long.token,
      ),
      shortStatementDeep: probe(
        `statement last page, ${SHORT.toLocaleString('en-US')} lines (line ${(SHORT - PAGE).toLocaleString('en-US')})`,
        statement(await statementCursorAfter(db, short.id, SHORT - PAGE)),
        short.token,
      ),
      longStatementDeep: probe(
        `statement deep page, ${LONG.toLocaleString('en-US')} lines (line ${middle.toLocaleString('en-US')})`,
        statement(await statementCursorAfter(db, long.id, middle)),
        long.token,
      ),
      shortBalance: probe(
        `balance, ${SHORT.toLocaleString('en-US')} refunds`,
        '/v1/wallet/balance',
        short.token,
      ),
      longBalance: probe(
        `balance, ${LONG.toLocaleString('en-US')} refunds`,
        '/v1/wallet/balance',
        long.token,
      ),
    };
    const all = Object.values(probes);
    for (let i = 0; i < 20; i += 1) for (const p of all) await timeOne(server.origin, p); // warm-up
    for (const p of all) p.latencies = [];
    for (let i = 0; i < SAMPLES; i += 1) for (const p of all) await timeOne(server.origin, p);

    const p50 = (p: Probe) => percentile(p.latencies, 50);
    const describe = (p: Probe) =>
      `p50 ${p50(p).toFixed(2)} ms, p99 ${percentile(p.latencies, 99).toFixed(2)} ms`;
    log(`GET /v1/refunds?limit=${PAGE} and GET /v1/wallet/balance, ${SAMPLES} requests each:`);
    for (const p of [probes.shortFirst, probes.longFirst, probes.shortDeep]) {
      reportFigure({ figure: `history ${p.name}`, value: describe(p), target: null, met: null });
    }
    for (const p of [probes.longMiddle, probes.longDeep]) {
      const factor = p50(p) / p50(probes.shortDeep);
      reportFigure({
        figure: `history ${p.name}`,
        value: `${describe(p)}; ${factor.toFixed(2)}x the ${SHORT.toLocaleString('en-US')}-refund last page`,
        target: `at most ${TARGET_FACTOR}x`,
        met: factor <= TARGET_FACTOR,
      });
    }
    for (const [p, anchor] of [
      [probes.longStatement, probes.shortStatement],
      [probes.longStatementDeep, probes.shortStatementDeep],
    ] as const) {
      reportFigure({ figure: anchor.name, value: describe(anchor), target: null, met: null });
      const factor = p50(p) / p50(anchor);
      reportFigure({
        figure: p.name,
        value: `${describe(p)}; ${factor.toFixed(2)}x the ${SHORT.toLocaleString('en-US')}-line one`,
        target: `at most ${TARGET_FACTOR}x`,
        met: factor <= TARGET_FACTOR,
      });
    }
    reportFigure({
      figure: probes.shortBalance.name,
      value: describe(probes.shortBalance),
      target: null,
      met: null,
    });
    const balanceFactor = p50(probes.longBalance) / p50(probes.shortBalance);
    reportFigure({
      figure: probes.longBalance.name,
      value: `${describe(probes.longBalance)}; ${balanceFactor.toFixed(2)}x the ${SHORT.toLocaleString('en-US')}-refund balance`,
      target: `at most ${TARGET_FACTOR}x`,
      met: balanceFactor <= TARGET_FACTOR,
    });
  } finally {
    await database.close();
    await server.stop();
  }
} finally {
  await benchDatabase.drop();
}
