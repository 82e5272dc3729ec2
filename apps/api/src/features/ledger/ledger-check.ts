import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';

export interface LedgerReport {
  ok: boolean;
  unbalancedTransfers: string[];
  driftedAccounts: { id: string; balance: number; entries: number }[];
  negativeCustomerAccounts: string[];
  transfersWithoutEntries: string[];
}

const rows = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * The ledger's invariants: every transfer sums to zero, every balance equals the sum of its
 * entries, no customer balance is below zero, and no transfer is empty.
 */
export async function checkLedger(db: Queryable): Promise<LedgerReport> {
  const unbalanced = rows<{ id: string }>(
    await db.execute(sql`
      select transfer_id as id from ledger_entries
      group by transfer_id having sum(amount_cents) <> 0`),
  );
  const drifted = rows<{ id: string; balance: string | number; entries: string | number }>(
    await db.execute(sql`
      select a.id, a.balance_cents as balance, coalesce(e.total, 0) as entries
      from ledger_accounts a
      left join (select account_id, sum(amount_cents) as total from ledger_entries group by account_id) e
        on e.account_id = a.id
      where a.balance_cents <> coalesce(e.total, 0)`),
  );
  const negative = rows<{ id: string }>(
    await db.execute(
      sql`select id from ledger_accounts where owner_type = 'customer' and balance_cents < 0`,
    ),
  );
  const empty = rows<{ id: string }>(
    await db.execute(sql`
      select t.id from ledger_transfers t
      where not exists (select 1 from ledger_entries e where e.transfer_id = t.id)`),
  );
  const report: LedgerReport = {
    unbalancedTransfers: unbalanced.map((r) => r.id),
    driftedAccounts: drifted.map((r) => ({
      id: r.id,
      balance: Number(r.balance),
      entries: Number(r.entries),
    })),
    negativeCustomerAccounts: negative.map((r) => r.id),
    transfersWithoutEntries: empty.map((r) => r.id),
    ok: false,
  };
  report.ok =
    report.unbalancedTransfers.length === 0 &&
    report.driftedAccounts.length === 0 &&
    report.negativeCustomerAccounts.length === 0 &&
    report.transfersWithoutEntries.length === 0;
  return report;
}
