import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { ledgerAccounts, ledgerCheckResults, users } from '../src/db/schema';
import { scheduleLedgerChecks } from '../src/features/ledger/ledger-check-schedule';
import { createMetrics } from '../src/observability/metrics';
import { fundedCustomer, newMerchant } from './support/payout-fixtures';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The periodic ledger check: one instance at a time checks the invariants, stores the result and
 * logs broken ones as an error; the metrics show the latest result.
 */
let server: TestServer;
const logged: { level: string; fields: unknown; message: string }[] = [];
const logger = {
  info: (fields: object, message: string) => void logged.push({ level: 'info', fields, message }),
  warn: (fields: object, message: string) => void logged.push({ level: 'warn', fields, message }),
  error: (fields: object, message: string) => void logged.push({ level: 'error', fields, message }),
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const scrape = async () => (await createMetrics(server.database.db).registry.metrics()).split('\n');
const line = (lines: string[], series: string) => lines.find((l) => l.startsWith(`${series} `));

describe('the periodic ledger check', () => {
  it('checks once per interval, stores the result, and the metrics show it', async () => {
    // Nothing known yet: not a 0 an alert would take for broken invariants.
    expect(line(await scrape(), 'ledger_check_ok')).toMatch(/^ledger_check_ok nan$/i);
    const checks = scheduleLedgerChecks({ db: server.database.db, intervalSeconds: 3600, logger });
    try {
      expect(await checks.runIfDue()).toBe(true);
      // Checked within the interval: not again.
      expect(await checks.runIfDue()).toBe(false);
    } finally {
      checks.stop();
    }
    const stored = await server.database.db.select().from(ledgerCheckResults);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ok: true, problems: { driftedAccounts: 0 } });
    const lines = await scrape();
    expect(line(lines, 'ledger_check_ok')).toBe('ledger_check_ok 1');
    expect(line(lines, 'ledger_check_problems{kind="driftedAccounts"}')).toBe(
      'ledger_check_problems{kind="driftedAccounts"} 0',
    );
    expect(Number(line(lines, 'ledger_check_age_seconds')?.split(' ')[1])).toBeLessThan(60);
  });

  it('finds a balance that is not the sum of its entries, logs it as an error and shows it', async () => {
    const merchant = await newMerchant(server.database.db);
    const person = await fundedCustomer(server.app, merchant, 2_500);
    const [wallet] = await server.database.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .innerJoin(users, eq(users.id, ledgerAccounts.ownerId))
      .where(eq(users.phoneNumber, person.phone));
    await server.database.db
      .update(ledgerAccounts)
      .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + 1` })
      .where(eq(ledgerAccounts.id, wallet!.id));
    try {
      // An interval of 0: due whatever was stored before.
      const checks = scheduleLedgerChecks({ db: server.database.db, intervalSeconds: 0, logger });
      expect(await checks.runIfDue()).toBe(true);
      expect(logged.find((entry) => entry.level === 'error')).toMatchObject({
        message: 'ledger check: INVARIANTS BROKEN',
        fields: { problems: { driftedAccounts: 1 } },
      });
      const lines = await scrape();
      expect(line(lines, 'ledger_check_ok')).toBe('ledger_check_ok 0');
      expect(line(lines, 'ledger_check_problems{kind="driftedAccounts"}')).toBe(
        'ledger_check_problems{kind="driftedAccounts"} 1',
      );
    } finally {
      await server.database.db
        .update(ledgerAccounts)
        .set({ balanceCents: sql`${ledgerAccounts.balanceCents} - 1` })
        .where(eq(ledgerAccounts.id, wallet!.id));
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on several instances', () => {
  it('is run by one of them at a time', async () => {
    const url = server.config.DATABASE_URL!;
    const others = await Promise.all([1, 2].map(() => openDatabase({ url, poolSize: 2 })));
    try {
      await server.database.db.delete(ledgerCheckResults);
      const runs = await Promise.all(
        [server.database, ...others].map((database) =>
          scheduleLedgerChecks({ db: database.db, intervalSeconds: 3600, logger }).runIfDue(),
        ),
      );
      expect(runs.filter(Boolean)).toHaveLength(1);
      expect(await server.database.db.select().from(ledgerCheckResults)).toHaveLength(1);
    } finally {
      await Promise.all(others.map((database) => database.close()));
    }
  });
});
