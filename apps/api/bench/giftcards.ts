/**
 * Gift card purchases per second on PostgreSQL with the sandbox issuer: POST /v1/redemptions
 * (mode giftcard, each with its own price-locked quote) over HTTP from a worker thread, spread
 * over many customers; then the time until every order is issued by the jobs (cashback paid),
 * and the ledger: no drift, and every customer's balance what their purchases and cashback say.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a server; the run
 * creates a database of its own there and drops it afterwards. BENCH_CUSTOMERS (100),
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_POOL_SIZE (40).
 */
import { performance } from 'node:perf_hooks';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { databaseBeside } from '../test/support/own-database';
import { cashbackCents, GIFT_CARD_QUOTE_SECONDS } from '@refund/contracts/brands';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { loadConfig } from '../src/config';
import { giftcardBrands, giftcardOrders, giftcardQuotes, otpAttempts } from '../src/db/schema';
import { hashOtpCode } from '../src/features/auth/otp-code';
import { checkLedger } from '../src/features/ledger/ledger-check';
import { createLogger } from '../src/http/logger';
import { createServer } from '../src/server';
import { percentile, runLoad } from './http-load';
import { fundBenchCustomers } from './redeeming-customers';
import { BENCH_SECRETS } from './server-process';
import { reportFigure } from './report';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const POOL_SIZE = process.env.BENCH_POOL_SIZE ?? '40';
/** Harbor Coffee's smallest card: $5.00, 4% cashback. */
const BRAND = 'SBX-harbor-coffee';
const AMOUNT_CENTS = 500;
const PURCHASES_EACH = Number(process.env.BENCH_PURCHASES_PER_CUSTOMER ?? 120);

const log = (line: string) => process.stdout.write(`${line}\n`);

interface Purchase {
  quote_id: string;
  attempt_id: string;
  code: string;
}
interface Customer {
  userId: string;
  phone: string;
  token: string;
  purchases: Purchase[];
}

const benchDatabase = await databaseBeside(BASE_URL, 'giftcard_bench');
try {
  const url = new URL(benchDatabase.url);
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: url.toString(),
    DATABASE_POOL_SIZE: POOL_SIZE,
    LOG_LEVEL: 'silent',
    // The secrets seedBenchCustomers signs its customers' tokens with.
    ...BENCH_SECRETS,
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    GIFT_CARD_PROVIDER: 'sandbox',
    SANDBOX_GIFT_CARD_FULFIL_SECONDS: '0',
    JOB_POLL_SECONDS: '0.5',
    // Balances are then the refunds and the cashback alone, as the check below counts them.
    WELCOME_BONUS_CENTS: '0',
    EARN_REWARDS_OFFERS: '',
  });
  const server = await createServer(config, createLogger('silent'));
  const origin = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { db } = server.database;
  try {
    log(`setting up ${CUSTOMERS} customers, ${PURCHASES_EACH} quotes and passcodes each…`);
    const [brand] = await db
      .select()
      .from(giftcardBrands)
      .where(eq(giftcardBrands.providerBrandId, BRAND));
    if (!brand) throw new Error(`${BRAND} is not in the catalog`);
    const customers: Customer[] = (
      await fundBenchCustomers(
        origin,
        db,
        CUSTOMERS,
        () => PURCHASES_EACH * AMOUNT_CENTS,
        'GIFT-BENCH',
      )
    ).map((customer) => ({ ...customer, purchases: [] }));
    const expiresAt = new Date(Date.now() + GIFT_CARD_QUOTE_SECONDS * 1000);
    for (const customer of customers) {
      const quotes = Array.from({ length: PURCHASES_EACH }, () => ({
        id: crypto.randomUUID(),
        userId: customer.userId,
        brandId: brand.id,
        amountCents: AMOUNT_CENTS,
        cashbackBps: brand.cashbackBps,
        cashbackCents: cashbackCents(AMOUNT_CENTS, brand.cashbackBps),
        expiresAt,
      }));
      const codes = quotes.map(() => ({
        id: crypto.randomUUID(),
        code: String(100_000 + Math.floor(Math.random() * 900_000)),
      }));
      await db.insert(giftcardQuotes).values(quotes);
      await db.insert(otpAttempts).values(
        codes.map((c) => ({
          id: c.id,
          purpose: 'WITHDRAWAL' as const,
          channel: 'sms' as const,
          destination: customer.phone,
          userId: customer.userId,
          codeHash: hashOtpCode(server.config.OTP_SECRET, c.id, c.code),
          codeExpiresAt: new Date(Date.now() + 25 * 60_000),
          resendAvailableAt: new Date(Date.now() + 60_000),
        })),
      );
      customer.purchases = quotes.map((q, k) => ({
        quote_id: q.id,
        attempt_id: codes[k]?.id ?? '',
        code: codes[k]?.code ?? '',
      }));
    }

    const started = performance.now();
    const result = await runLoad({
      origin,
      path: '/v1/redemptions',
      seconds: SECONDS,
      connections: CONNECTIONS,
      customers: customers.map((c) => ({
        token: c.token,
        bodies: c.purchases.map((p) =>
          JSON.stringify({
            mode: 'giftcard',
            payment_method_uuid: p.quote_id,
            amount_in_cents: AMOUNT_CENTS,
            attempt_id: p.attempt_id,
            code: p.code,
            bot_token: SANDBOX_PASSING_BOT_TOKEN,
          }),
        ),
      })),
    });

    // The orders are placed and issued by jobs: wait until none is still processing.
    let processing = Infinity;
    const deadline = Date.now() + 180_000;
    while (processing > 0 && Date.now() < deadline) {
      const [row] = await db
        .select({ n: count() })
        .from(giftcardOrders)
        .where(eq(giftcardOrders.status, 'processing'));
      processing = row?.n ?? 0;
      if (processing > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const allIssuedAfter = (performance.now() - started) / 1000;
    const [issued] = await db
      .select({ n: count() })
      .from(giftcardOrders)
      .where(eq(giftcardOrders.status, 'issued'));
    const report = await checkLedger(db);
    const drift = report.driftedAccounts.reduce(
      (sum, a) => sum + Math.abs(a.balance - a.entries),
      0,
    );
    // Every customer: funded, less what they bought, plus the cashback of what was issued.
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    // Counted over the benchmark's own customers, each of whom must be found: a balance is
    // matched only when there is one to match.
    const { rows: matched } = await client.query<{ n: string }>(
      `select count(*) as n from (
         select u.id, a.balance_cents,
           $1::bigint - coalesce(sum(r.amount_cents) filter (where r.status in ('pending', 'succeeded')), 0)
             + coalesce(sum(o.cashback_cents) filter (where o.status = 'issued'), 0) as implied
         from users u
         join ledger_accounts a on a.owner_type = 'customer' and a.owner_id = u.id and a.kind = 'available'
         left join redemptions r on r.user_id = u.id
         left join giftcard_orders o on o.redemption_id = r.id
         where u.id = any($2::uuid[])
         group by u.id, a.balance_cents
       ) t where balance_cents = implied`,
      [PURCHASES_EACH * AMOUNT_CENTS, customers.map((c) => c.userId)],
    );
    await client.end();
    const mismatches = CUSTOMERS - Number(matched[0]?.n ?? 0);

    log('');
    log(
      `PostgreSQL pool ${POOL_SIZE}, ${CONNECTIONS} concurrent requests, ${BRAND} $${AMOUNT_CENTS / 100} cards`,
    );
    log(
      `purchases:  ${(result.ok / result.elapsed).toFixed(0)} orders/s (${result.ok} in ${result.elapsed.toFixed(1)} s, ` +
        `p50 ${percentile(result.latencies, 50).toFixed(1)} ms, p99 ${percentile(result.latencies, 99).toFixed(1)} ms, ` +
        `${result.failed} failed${result.sample ? ` e.g. ${result.sample}` : ''}${result.exhausted ? ', ran out of quotes' : ''})`,
    );
    log(
      `issued:     ${issued?.n ?? 0} of ${result.ok} with their cashback, all within ${allIssuedAfter.toFixed(1)} s of the start` +
        ` (${((issued?.n ?? 0) / allIssuedAfter).toFixed(0)} issued/s)${processing > 0 ? `; ${processing} still processing` : ''}`,
    );
    log(
      `ledger: ${report.ok ? 'ok' : 'NOT OK'}, drift ${drift}¢; balances vs purchases and cashback: ` +
        `${CUSTOMERS - mismatches}/${CUSTOMERS} customers match`,
    );
    reportFigure({
      figure: 'gift card purchases',
      value:
        `${(result.ok / result.elapsed).toFixed(0)} orders/s, p50 ${percentile(result.latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(result.latencies, 99).toFixed(1)} ms, all issued within ${allIssuedAfter.toFixed(1)} s`,
      target: null,
      met: null,
    });
    const consistent = report.ok && drift === 0 && mismatches === 0 && processing === 0;
    reportFigure({
      figure: 'gift card ledger and balances after the load',
      value: `ledger ${report.ok ? 'ok' : 'NOT OK'}, drift ${drift}¢, ${CUSTOMERS - mismatches}/${CUSTOMERS} balances match, ${processing} still processing`,
      target: 'zero drift, every balance matches, every order issued',
      met: consistent,
    });
    if (!consistent) process.exitCode = 1;
  } finally {
    await server.close();
  }
} finally {
  await benchDatabase
    .drop()
    .catch((error: unknown) => log(`could not drop ${benchDatabase.url}: ${String(error)}`));
}
