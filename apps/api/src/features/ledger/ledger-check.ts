import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { resultRows } from '../../db/statement';

export interface LedgerReport {
  ok: boolean;
  unbalancedTransfers: string[];
  driftedAccounts: { id: string; balance: number; entries: number }[];
  /** Accounts below zero that may not go there (every customer account, in-transit, fees...). */
  negativeAccounts: string[];
  transfersWithoutEntries: string[];
  /** Per account, the first entry whose balance-after is not the running sum before it. */
  entriesWithWrongBalanceAfter: { accountId: string; seq: number }[];
  /** Redemptions without exactly one payout transfer, or whose outcome transfers fit not their status. */
  payoutsNotMatchingTransfers: string[];
  /** Payout transfers naming a redemption that does not exist. */
  transfersOfUnknownPayouts: string[];
  /** Jobs written (in the transaction of the change that caused them) but not taken up in time. */
  jobsNotTakenUp: { queue: string; id: string }[];
}

export interface LedgerCheckOptions {
  /** How long a due job may wait before it counts as not taken up. */
  jobBoundSeconds?: number;
}

const query = async <T>(db: Queryable, statement: SQL): Promise<T[]> =>
  resultRows<T>(await db.execute(statement));

/**
 * The ledger's invariants: every transfer sums to zero, every balance equals the sum of its
 * entries and each entry's balance-after the running sum up to it, no account that may not go
 * below zero is there, no transfer is empty, each payout matches exactly one payout transfer
 * (and the outcome transfers its status calls for), and every job caused by a change was taken
 * up within the bound.
 */
export async function checkLedger(
  db: Queryable,
  options: LedgerCheckOptions = {},
): Promise<LedgerReport> {
  const bound = options.jobBoundSeconds ?? 900;
  const unbalanced = await query<{ id: string }>(
    db,
    sql`select transfer_id as id from ledger_entries
      group by transfer_id having sum(amount_cents) <> 0`,
  );
  const drifted = await query<{ id: string; balance: string | number; entries: string | number }>(
    db,
    sql`select a.id, a.balance_cents as balance, coalesce(e.total, 0) as entries
      from ledger_accounts a
      left join (select account_id, sum(amount_cents) as total from ledger_entries group by account_id) e
        on e.account_id = a.id
      where a.balance_cents <> coalesce(e.total, 0)`,
  );
  const negative = await query<{ id: string }>(
    db,
    sql`select id from ledger_accounts where not allow_negative and balance_cents < 0`,
  );
  const empty = await query<{ id: string }>(
    db,
    sql`select t.id from ledger_transfers t
      where not exists (select 1 from ledger_entries e where e.transfer_id = t.id)`,
  );
  const wrongAfter = await query<{ account_id: string; seq: string | number }>(
    db,
    sql`select account_id, min(seq) as seq from (
        select account_id, seq, balance_after_cents,
          sum(amount_cents) over (partition by account_id order by seq) as running
        from ledger_entries
      ) e
      where balance_after_cents <> running
      group by account_id`,
  );
  const payouts = await query<{ id: string }>(
    db,
    // One pass over the payout transfers, grouped by their redemption, joined to every
    // redemption (ledger_transfers has no index on the reference: a lookup per redemption
    // would scan it once each).
    sql`select r.id from redemptions r
      left join (
        select reference_id,
          count(*) filter (where kind = 'payout') as payout,
          count(*) filter (where kind = 'payout_settled') as settled,
          count(*) filter (where kind in ('payout_failed', 'payout_returned')) as given_back
        from ledger_transfers
        where reference_kind = 'redemption'
        group by reference_id
      ) t on t.reference_id = r.id
      where coalesce(t.payout, 0) <> 1
        or (r.status = 'pending' and (t.settled <> 0 or t.given_back <> 0))
        or (r.status = 'succeeded' and (t.settled <> 1 or t.given_back <> 0))
        or (r.status = 'failed' and (t.settled <> 0 or t.given_back <> 1))
        or (r.status = 'returned' and t.given_back <> 1)`,
  );
  const unknownPayouts = await query<{ id: string }>(
    db,
    sql`select t.id from ledger_transfers t
      where t.reference_kind = 'redemption'
        and not exists (select 1 from redemptions r where r.id = t.reference_id)`,
  );
  const jobTable = await query<{ present: boolean }>(
    db,
    sql`select to_regclass('pgboss.job') is not null as present`,
  );
  const lateJobs = jobTable[0]?.present
    ? await query<{ name: string; id: string }>(
        db,
        sql`select name, id::text from pgboss.job
          where state = 'created' and start_after < now() - make_interval(secs => ${bound})`,
      )
    : [];
  const report: LedgerReport = {
    unbalancedTransfers: unbalanced.map((r) => r.id),
    driftedAccounts: drifted.map((r) => ({
      id: r.id,
      balance: Number(r.balance),
      entries: Number(r.entries),
    })),
    negativeAccounts: negative.map((r) => r.id),
    transfersWithoutEntries: empty.map((r) => r.id),
    entriesWithWrongBalanceAfter: wrongAfter.map((r) => ({
      accountId: r.account_id,
      seq: Number(r.seq),
    })),
    payoutsNotMatchingTransfers: payouts.map((r) => r.id),
    transfersOfUnknownPayouts: unknownPayouts.map((r) => r.id),
    jobsNotTakenUp: lateJobs.map((r) => ({ queue: r.name, id: r.id })),
    ok: false,
  };
  report.ok = Object.entries(report).every(
    ([key, value]) => key === 'ok' || (Array.isArray(value) && value.length === 0),
  );
  return report;
}
