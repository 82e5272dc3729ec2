import type { PGlite } from '@electric-sql/pglite';
import type { EmbeddedClient } from '../src/db/embedded-client';
import { desc, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../src/db/database';
import * as schema from '../src/db/schema';
import { createSecurityActivity } from '../src/features/account/security-activity';
import { listAnalyticsEvents } from '../src/features/analytics/analytics-events';
import { createGiftCardWallet } from '../src/features/giftcards/giftcard-wallet';
import { createRedemptionViews } from '../src/features/payouts/redemption-views';
import { createPrepaidCardWallet } from '../src/features/prepaid-cards/prepaid-card-wallet';
import { listClaimedRefunds } from '../src/features/refunds/refund-history';
import { createSpotlights } from '../src/features/spotlights/spotlights';
import { walletBalance } from '../src/features/wallet/wallet-balance';
import { walletStatement } from '../src/features/wallet/wallet-statement';
import { listWebhookDeliveries } from '../src/features/webhooks/webhook-delivery-log';
import { encodeCursor, encodeExactCursor } from '../src/http/cursor';
import { seededCustomer, seedRefundHistory } from './support/history-seed';
import { newMerchant } from './support/refund-fixtures';

/**
 * Every keyset page of a history (a customer's refunds, transactions, gift cards, prepaid cards,
 * security activity; a merchant's spotlights and webhook deliveries; analytics events) must let
 * its index stop at the cursor: the `(created_at, id) < (...)` row comparison is an index
 * condition. Written as `a < x OR (a = x AND id < y)` it is a filter instead, and a page deep in a
 * long history reads every newer row first (half a million of them at row 500,000).
 *
 * Each list runs against a database whose statements are recorded; each recorded statement is
 * then explained. With sequential scans, bitmaps and sorts priced out, the plan shows whether the
 * cursor can bound an index scan at all, whatever the tables hold. A seeded history of thousands
 * of refunds is also explained as the planner would really run it.
 */

type Statement = { text: string; params: unknown[] };

interface Explained {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: Explained[];
}

let database: Database;
let client: pg.Pool | EmbeddedClient;
let recorded: Statement[] = [];

/** Records a query as either client is asked it: (text, params) or ({ text, values }, params). */
function record(args: unknown[]): void {
  const [first, second] = args;
  if (typeof first === 'string') {
    recorded.push({ text: first, params: Array.isArray(second) ? second : [] });
  } else if (first && typeof first === 'object' && 'text' in first) {
    const config = first as { text: string; values?: unknown[] };
    recorded.push({
      text: config.text,
      params: config.values ?? (Array.isArray(second) ? second : []),
    });
  }
}

/**
 * The client itself, recording every query asked of it: statements the query builder sends and
 * those written out and sent straight to the client (db/statement.ts) alike.
 */
function recordingClient<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      if (property !== 'query') return (value as (...a: unknown[]) => unknown).bind(object);
      return (...args: unknown[]) => {
        record(args);
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}

/** A handle on the same database that records every statement it sends. */
let recording: Db;

beforeAll(async () => {
  database = await openDatabase({ url: process.env.TEST_DATABASE_URL, poolSize: 2 });
  client = (database.db as unknown as { $client: pg.Pool | EmbeddedClient }).$client;
  recording = (database.engine === 'postgres'
    ? drizzlePg(recordingClient(client as pg.Pool), { schema })
    : drizzlePglite(recordingClient(client as EmbeddedClient) as unknown as PGlite, {
        schema,
      })) as unknown as Db;
}, 60_000); // Opens and migrates a database of its own.
afterAll(() => database.close());

/** The statements `work` sends, in order. */
async function statementsOf(work: () => Promise<unknown>): Promise<Statement[]> {
  recorded = [];
  await work();
  return recorded;
}

/** EXPLAIN of a statement, optionally run (ANALYZE) and with only index scans priced in. */
async function explain(
  statement: Statement,
  options: { analyze: boolean; indexScansOnly: boolean },
): Promise<Explained> {
  const settings = options.indexScansOnly
    ? [
        'set local enable_seqscan = off',
        'set local enable_bitmapscan = off',
        'set local enable_sort = off',
      ]
    : [];
  const query = `explain (format json${options.analyze ? ', analyze' : ''}) ${statement.text}`;
  const run = async (send: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>) => {
    await send('begin');
    try {
      for (const setting of settings) await send(setting);
      const { rows } = await send(query, statement.params);
      return rows;
    } finally {
      await send('rollback');
    }
  };
  let rows: unknown[];
  if (database.engine === 'postgres') {
    const connection = await (client as pg.Pool).connect();
    try {
      rows = await run((text, params) => connection.query(text, params));
    } finally {
      connection.release();
    }
  } else {
    rows = await run((text, params) => (client as EmbeddedClient).query(text, params));
  }
  const [row] = rows as { 'QUERY PLAN': [{ Plan: Explained }] | string }[];
  const plan = row?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: Explained }]) : plan;
  if (!parsed?.[0]) throw new Error('no plan');
  return parsed[0].Plan;
}

function nodesOf(plan: Explained): Explained[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** The one statement of `statements` that reads a page of `table`, however it is written. */
function keysetStatement(statements: Statement[], table: string): Statement {
  const paging = statements.filter(
    (s) => s.text.includes(`"${table}"`) && /order by .* limit \$\d+$/.test(s.text),
  );
  expect(paging, `one keyset statement on ${table}`).toHaveLength(1);
  return paging[0] as Statement;
}

/** The scan of `table` in a plan: an index scan whose condition holds the cursor's comparison. */
function expectCursorInIndexCondition(plan: Explained, table: string, index: string) {
  const scans = nodesOf(plan).filter((n) => n['Relation Name'] === table);
  expect(scans, JSON.stringify(plan)).toHaveLength(1);
  const [scan] = scans as [Explained];
  expect(scan['Node Type']).toMatch(/^Index (Only )?Scan$/);
  expect(scan['Index Name']).toBe(index);
  expect(scan['Index Cond'] ?? '').toMatch(/ROW\(.+\) < ROW\(/);
  expect(scan.Filter ?? '').not.toMatch(/ROW\(|\bOR\b/);
}

const someInstant = '2026-01-02T03:04:05.678901Z';
const someId = '7f0c2a4e-3b1d-4c5e-9f6a-1b2c3d4e5f60';

describe('every history page is bounded by its index at the cursor', () => {
  const unusedOtp = {
    beginForCustomer: () => Promise.reject(new Error('not used')),
    useOwnCode: () => Promise.reject(new Error('not used')),
  };
  const cases: {
    name: string;
    table: string;
    index: string;
    list: () => Promise<unknown>;
  }[] = [
    {
      name: "a customer's refunds",
      table: 'refunds',
      index: 'refunds_taken_by_idx',
      list: () => listClaimedRefunds(recording, someId, 20, encodeCursor(new Date(), someId)),
    },
    {
      name: "a customer's transactions",
      table: 'redemptions',
      index: 'redemptions_user_created_idx',
      list: () =>
        createRedemptionViews({ db: recording, methods: { of: () => undefined } } as never).list(
          someId,
          20,
          encodeCursor(new Date(), someId),
        ),
    },
    {
      name: "a customer's gift cards",
      table: 'redemptions',
      index: 'redemptions_user_gift_cards_idx',
      list: () =>
        createGiftCardWallet({
          db: recording,
          otp: unusedOtp,
          vaultKey: 'unused',
          jobs: { sendMessageIn: () => Promise.resolve() },
          publicUrl: 'http://localhost',
        }).list(someId, { status: 'active', limit: 20, cursor: encodeCursor(new Date(), someId) }),
    },
    {
      name: "a customer's prepaid cards",
      table: 'prepaid_cards',
      index: 'prepaid_cards_user_created_idx',
      list: () =>
        createPrepaidCardWallet({
          db: recording,
          otp: unusedOtp,
          issuer: {} as never,
        }).list(someId, { limit: 20, cursor: encodeExactCursor(someInstant, someId) }),
    },
    {
      name: "a customer's security activity",
      table: 'audit_events',
      index: 'audit_events_user_idx',
      list: () =>
        createSecurityActivity({ db: recording }).list(
          { userId: someId, sessionId: someId },
          { limit: 20, cursor: encodeExactCursor(someInstant, someId) },
        ),
    },
    {
      name: "a merchant's spotlights",
      table: 'spotlights',
      index: 'spotlights_merchant_created_idx',
      list: () =>
        createSpotlights(recording).list(someId, {
          limit: 20,
          cursor: encodeExactCursor(someInstant, someId),
        }),
    },
    {
      name: "a merchant's webhook deliveries",
      table: 'webhook_deliveries',
      index: 'webhook_deliveries_merchant_idx',
      list: () =>
        listWebhookDeliveries(recording, someId, {
          limit: 20,
          cursor: encodeExactCursor(someInstant, someId),
        }),
    },
    {
      name: "a visitor's analytics events",
      table: 'analytics_events',
      index: 'analytics_events_anonymous_idx',
      list: () =>
        listAnalyticsEvents(
          recording,
          { anonymousId: 'visitor-1' },
          { limit: 20, cursor: encodeExactCursor(someInstant, someId) },
        ),
    },
  ];

  for (const { name, table, index, list } of cases) {
    it(`${name}: the cursor is an index condition of ${index}`, async () => {
      const statement = keysetStatement(await statementsOf(list), table);
      const plan = await explain(statement, { analyze: false, indexScansOnly: true });
      expectCursorInIndexCondition(plan, table, index);
    });
  }
});

describe('a customer with thousands of refunds', () => {
  const count = 20_000;
  const newest = new Date('2026-06-01T12:00:00.000Z');
  let customerId: string;

  beforeAll(async () => {
    const merchant = await newMerchant(database.db);
    const customer = await seededCustomer(database.db, crypto.randomUUID().slice(0, 8));
    customerId = customer.id;
    await seedRefundHistory(database.db, {
      merchantId: merchant.id,
      userId: customer.id,
      email: customer.email,
      count,
      newest,
      ledger: true,
    });
    await database.db.execute('analyze refunds, refund_returns, ledger_entries, ledger_transfers');
  }, 120_000); // Seeds thousands of refunds, then analyzes the tables.

  it('a deep page reads only its own rows, straight from the index', async () => {
    const first = await listClaimedRefunds(database.db, customerId, 2, undefined);
    expect(first.data).toHaveLength(2);
    // The refund 4,000 seconds before the newest: 4,000 rows down the history.
    const [deep] = await database.db
      .select({ id: schema.refunds.id, at: schema.refunds.claimedAt })
      .from(schema.refunds)
      .where(eq(schema.refunds.claimedByUserId, customerId))
      .orderBy(desc(schema.refunds.claimedAt), desc(schema.refunds.id))
      .offset(3999)
      .limit(1);
    if (!deep?.at) throw new Error('seeded row not found');
    const cursor = encodeCursor(deep.at, deep.id);

    const statements = await statementsOf(() =>
      listClaimedRefunds(recording, customerId, 20, cursor),
    );
    const plan = await explain(keysetStatement(statements, 'refunds'), {
      analyze: true,
      indexScansOnly: false,
    });
    expectCursorInIndexCondition(plan, 'refunds', 'refunds_taken_by_idx');
    const [scan] = nodesOf(plan).filter((n) => n['Relation Name'] === 'refunds') as [Explained];
    // The page and the one row that says another page follows; nothing newer was read and dropped.
    expect(scan['Actual Rows']).toBe(21);
    expect(scan['Rows Removed by Filter'] ?? 0).toBe(0);

    const page = await listClaimedRefunds(database.db, customerId, 20, cursor);
    expect(page.data).toHaveLength(20);
    expect(page.data.map((r) => r.refund_uuid)).not.toContain(deep.id);
    expect(new Date(page.data[0]?.claimed_at ?? 0).getTime()).toBe(deep.at.getTime() - 1000);
  });

  it("the balance's lapsed-hold lookup does not read the customer's refunds", async () => {
    const statements = await statementsOf(() => walletBalance(recording, customerId));
    const [statement] = statements;
    if (!statement) throw new Error('no statement');
    const plan = await explain(statement, { analyze: true, indexScansOnly: false });
    const returnsScans = nodesOf(plan).filter((n) => n['Relation Name'] === 'refund_returns');
    expect(returnsScans.map((n) => n['Index Name'])).toEqual(['refund_returns_fraud_holds_idx']);
    const rowsRead = nodesOf(plan)
      .filter((n) => n['Relation Name'] === 'refunds' || n['Relation Name'] === 'refund_returns')
      .reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0), 0);
    expect(rowsRead).toBeLessThan(50);
    // Each seeded claim is $1.00 in the ledger.
    expect(await walletBalance(database.db, customerId)).toMatchObject({
      total_in_cents: count * 100,
    });
  });

  it('a statement page deep in the history reads a few pages of entries, along the index', async () => {
    const top = await walletStatement(database.db, customerId, 20, undefined);
    expect(top.data).toHaveLength(20);
    expect(top.data[0]).toMatchObject({ kind: 'refund_claimed', amount_in_cents: 100 });
    // Walk 4,000 lines down, then read the next page as a client holding that cursor would.
    let cursor = top.next_cursor ?? undefined;
    for (let read = 20; read < 4_000; read += 200) {
      cursor =
        (await walletStatement(database.db, customerId, 200, cursor)).next_cursor ?? undefined;
    }
    const statements = await statementsOf(() => walletStatement(recording, customerId, 20, cursor));
    let entriesRead = 0;
    for (const statement of statements.filter((s) => s.text.includes('"ledger_entries"'))) {
      const plan = await explain(statement, { analyze: true, indexScansOnly: false });
      for (const node of nodesOf(plan).filter((n) => n['Relation Name'] === 'ledger_entries')) {
        expect(node['Node Type'], JSON.stringify({ text: statement.text, plan })).not.toBe(
          'Seq Scan',
        );
        entriesRead += (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0);
      }
    }
    // One round of the walk: at most 64 entries on each of the customer's accounts, then the
    // found transfers' own entries; never the 4,000 newer ones.
    expect(entriesRead).toBeGreaterThan(0);
    expect(entriesRead).toBeLessThan(300);
    const page = await walletStatement(database.db, customerId, 20, cursor);
    expect(page.data).toHaveLength(20);
    expect(page.next_cursor).not.toBeNull();
  });
});
