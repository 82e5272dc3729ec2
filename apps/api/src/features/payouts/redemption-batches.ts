import { getTableColumns, isSQLWrapper, sql, type SQL } from 'drizzle-orm';
import { createBatcher } from '../../db/batcher';
import { instanceOf, type Db } from '../../db/database';
import { connectionLost, sqlState } from '../../db/sql-state';
import { attemptOf, openAttempt, type OtpService } from '../auth/otp-service';
import {
  batchTransferStatementParts,
  forgetAccounts,
  ledgerAccountCount,
  wroteWholeTransfers,
  type PlannedTransfer,
} from '../ledger/ledger';
import { runStatement, Statement } from '../../db/statement';
import type { GroupCommit } from './redemption-method';
import { keyTaken, requestColumns, WITHDRAWAL } from './redemption-rules';
import { withdrawalsOpen } from '../account/withdrawals-pause';

/**
 * Group commit, the redemption pipeline's fast strategy (ADR 0003, ADR 0014): redemptions that
 * arrive together are recorded together, one statement and one commit, and so are the payouts'
 * successes. Under load this is what lets a few database connections carry many redemptions a
 * second. The statement reads the same rule definitions as the exact path: the Idempotency-Key
 * (redemption-rules.ts), the passcode (otp-service's), the destination (the method's), the
 * balance (the ledger's batch posting). Each item is decided on its own inside the statement;
 * one that cannot go ahead changes nothing and answers null, and the pipeline then takes the
 * exact path, which gives the exact answer. A batch that fails as a whole (a unique key taken by
 * a parallel retry, a deadlock, the balance CHECK as the last word) also answers null for each
 * of its items, having changed nothing; so does one whose connection was lost, which may have
 * committed (the exact path then finds the redemption recorded, or the payout settled).
 */

/**
 * The most redemptions one statement records, and how many such statements may run at once: two
 * recording, one settling. Each recording batch puts its payouts in transit on a shard of its
 * own (`shard` below, the batch's number), so two recording batches side by side lock different
 * shards and wait on each other only where they share a customer (whose rows every statement
 * locks in the same order); the settling batch, which takes from the shards of earlier recording
 * batches, does not wait on them. Two settling batches would take from the same shards: with one,
 * the benchmark's redemptions cost PostgreSQL less. The price: a batch waiting on a lock (a
 * customer's row held by a claim) holds up the redemptions behind it for that long.
 */
const MAX_BATCH = 64;
const MAX_RECORDING = 2;
const MAX_SETTLING = 1;
/**
 * How far apart the shards of processes in neighbouring slots start (DatabaseInstance.slot):
 * batches are numbered per process, so without it every instance would record its n-th batch on
 * the same shard as the others' n-th, and wait on their locks. 5 spreads three instances evenly
 * over the 16 shards (0, 5, 10), and as a number prime to 16 gives each of 16 slots its own.
 */
const SLOT_STRIDE = 5;

export interface BatchRedemption {
  id: string;
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  destinationId: string;
  amountCents: number;
  feeCents: number;
  attemptId: string;
  code: string;
  /** The payout's transfer, planned: the ledger decides whether the balances allow it. */
  plan: PlannedTransfer;
}

/** A redemption recorded with its money moved, and what the statement read of its destination. */
export interface BatchRecorded {
  createdAt: Date;
  read: Record<string, unknown>;
}

export interface BatchSettle {
  redemptionId: string;
  networkReference: string;
  /** The settling transfer, planned. */
  plan: PlannedTransfer;
}

/** SQLSTATEs after which a batch has changed nothing and its items can each be tried alone. */
const RETRY_ALONE = new Set(['23505', '23514', '40P01', '40001']);

/** The items whose attempt or Idempotency-Key an earlier item of the batch already uses. */
function laterDuplicates(items: readonly BatchRedemption[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  items.forEach((item, k) => {
    const keys = [`a:${item.attemptId}`, `k:${item.userId}:${item.idempotencyKey}`];
    if (keys.some((key) => seen.has(key))) duplicates.add(k);
    for (const key of keys) seen.add(key);
  });
  return duplicates;
}

interface RecordedRow {
  k: number;
  created: boolean;
  read: Record<string, unknown> | null;
  known: number;
  moved: number;
  entries: number;
}

interface SettledRow {
  k: number;
  fresh: boolean;
  settled: boolean;
  known: number;
  moved: number;
  entries: number;
}

export interface RedemptionBatchDeps {
  db: Db;
  /** The method's mode, recorded on each redemption. */
  mode: string;
  group: GroupCommit;
  otp: Pick<OtpService, 'codeHash'>;
}

/** The request relation's columns, as the rules read them (redemption-rules.ts). */
const r = requestColumns;

export function createRedemptionBatches(deps: RedemptionBatchDeps) {
  const { db, group } = deps;
  const payoutColumns = getTableColumns(group.payout.table);

  /**
   * Runs a batch's statement. Null when the batch changed nothing and each item is to go on its
   * own: the statement failed as a whole, or a remembered account id was not as remembered (the
   * statement's first write requires `known` to equal the number of accounts).
   */
  async function runBatch<T extends { known: number }>(
    plans: readonly { plan: PlannedTransfer }[],
    accountCount: number,
    text: string,
    values: unknown[],
  ): Promise<T[] | null> {
    let rows: T[];
    try {
      rows = await runStatement<T>(db, text, values);
    } catch (error) {
      if (RETRY_ALONE.has(sqlState(error) ?? '')) return null;
      // The connection was lost: the statement committed whole or not at all, and which is not
      // known. The exact path finds out: it answers a recorded redemption as a retry of its
      // Idempotency-Key, and applyPayoutEvent a settled payout by its event id.
      if (connectionLost(error)) return null;
      throw error;
    }
    if ((rows[0]?.known ?? accountCount) !== accountCount) {
      for (const { plan } of plans) forgetAccounts(plan);
      return null;
    }
    return rows;
  }

  /** The method's payout record for each recorded redemption, as its own definition says. */
  function payoutInsert(st: Statement): { columns: string; values: string } {
    const row = group.payout.row(r.id, r.destinationId);
    const names: string[] = [];
    const values: string[] = [];
    for (const [key, value] of Object.entries(row)) {
      const column = payoutColumns[key];
      if (!column) throw new Error(`the payout record has no column ${key}`);
      names.push(`"${column.name}"`);
      values.push(
        st.fragment(
          isSQLWrapper(value)
            ? sql`(${value})::${sql.raw(column.getSQLType())}`
            : sql`${column.mapToDriverValue(value)}::${sql.raw(column.getSQLType())}`,
        ),
      );
    }
    return { columns: names.join(', '), values: values.join(', ') };
  }

  /** What the statement reads of the destination, as one JSON object. */
  function readDestination(): SQL {
    const fields = Object.entries(group.read).map(([name, value]) => sql`${name}::text, ${value}`);
    return sql`json_build_object(${sql.join(fields, sql`, `)})`;
  }

  /**
   * For each redemption: the destination usable by the method's rule, the Idempotency-Key unused,
   * the customer's withdrawals not paused, the passcode the customer's, right and open; the passcodes are locked, then the accounts (in
   * lock order); the ledger's own rule decides which go ahead (a customer's redemptions in the
   * batch, in order, while the balance covers them). Only then is the passcode marked used, the
   * redemption recorded with the method's payout record, and the money moved.
   */
  async function record(items: BatchRedemption[]): Promise<(BatchRecorded | null)[]> {
    const duplicates = laterDuplicates(items);
    const go = items.map((item, k) => ({ item, k })).filter(({ k }) => !duplicates.has(k));
    const plans = go.map(({ item, k }) => ({ k, plan: item.plan }));
    const st = new Statement();
    const p = (value: unknown, type: string) => st.param(value, type);
    const requests = go.map(({ item, k }) => ({
      k,
      id: item.id,
      user_id: item.userId,
      key: item.idempotencyKey,
      hash: item.requestHash,
      destination_id: item.destinationId,
      amount: item.amountCents,
      fee: item.feeCents,
      attempt_id: item.attemptId,
      code_hash: deps.otp.codeHash(item.attemptId, item.code),
    }));
    const createdAt = new Date();
    const ledger = batchTransferStatementParts(plans, st);
    const accountCount = ledgerAccountCount(plans);
    const destination = st.fragment(
      sql`select ${r.k} as k, ${readDestination()} as read
        from req r join ${group.destination.table}
          on ${group.destination.usable(r.userId, r.destinationId)}`,
    );
    const passcode = st.fragment(
      sql`${attemptOf(r.userId)} and ${openAttempt(WITHDRAWAL)}
        and not exists (select 1 from ${keyTaken.table} where ${keyTaken.where(r.userId, r.key)})
        and ${withdrawalsOpen(r.userId)}`,
    );
    const payout = payoutInsert(st);
    const rows = await runBatch<RecordedRow>(
      plans,
      accountCount,
      `with req as (
          ${st.selectRows(
            requests,
            'r',
            `k int, id uuid, user_id uuid, key text, hash text, destination_id uuid,
              amount bigint, fee bigint, attempt_id uuid, code_hash text`,
          )}
        ),
        ${ledger.head},
        destination as (${destination}),
        code as materialized (
          select r.k from req r
          join otp_attempts on otp_attempts.id = r.attempt_id
            and otp_attempts.code_hash = r.code_hash
          where ${passcode}
            and r.k in (select k from destination)
            and (select n from ledger_known) = ${p(accountCount, 'int')}
          order by otp_attempts.id
          for update of otp_attempts
        ),
        ${ledger.lock('code')},
        ${ledger.funded('code')},
        passcode as (
          update otp_attempts o set consumed_at = now()
          from req r
          where r.k in (select k from ledger_funded) and o.id = r.attempt_id
            and o.consumed_at is null
          returning r.k
        ),
        redemption as (
          insert into redemptions (id, user_id, idempotency_key, request_hash, mode,
            amount_cents, fee_cents, created_at)
          select r.id, r.user_id, r.key, r.hash, ${p(deps.mode, 'text')}, r.amount,
            r.fee, ${p(createdAt.toISOString(), 'timestamptz')}
          from req r where r.k in (select k from passcode)
          returning id
        ),
        payout as (
          insert into ${st.fragment(sql`${group.payout.table}`)} (${payout.columns})
          select ${payout.values}
          from req r where r.id in (select id from redemption)
          returning 1
        ),
        done as (select r.k from req r where r.id in (select id from redemption)),
        ${ledger.tail('done')}
        select r.k, r.k in (select k from done) as created, d.read,
          (select n from ledger_known) as known,
          (select count(*)::int from ledger_moved) as moved,
          (select count(*)::int from ledger_entries_written) as entries
        from req r left join destination d on d.k = r.k
        order by r.k`,
      st.values,
    );
    if (!rows) return items.map(() => null);
    const created = new Map(rows.filter((row) => row.created).map((row) => [row.k, row]));
    const written = go.filter(({ k }) => created.has(k)).map(({ item }) => item.plan);
    if (
      rows.length !== go.length ||
      !wroteWholeTransfers(written, rows[0] ?? { moved: 0, entries: 0 })
    ) {
      throw new Error(`a batch of ${go.length} redemptions was written incompletely`);
    }
    return items.map((_, k) => {
      const row = created.get(k);
      return row ? { createdAt, read: row.read ?? {} } : null;
    });
  }

  /**
   * For each payout that succeeded, as applyPayoutEvent applies it: the event once by its id; a
   * pending payout becomes successful and its net amount moves from payouts in transit to
   * settled. A payout whose event was applied already, or which moved on meanwhile, answers
   * null; applyPayoutEvent then finds out which.
   */
  async function settle(items: BatchSettle[]): Promise<(Date | null)[]> {
    const plans = items.map((item, k) => ({ k, plan: item.plan }));
    const st = new Statement();
    const p = (value: unknown, type: string) => st.param(value, type);
    const requests = items.map((item, k) => ({
      k,
      id: item.redemptionId,
      network_reference: item.networkReference,
    }));
    const completedAt = new Date();
    const ledger = batchTransferStatementParts(plans, st);
    const accountCount = ledgerAccountCount(plans);
    const rows = await runBatch<SettledRow>(
      plans,
      accountCount,
      `with req as (
          ${st.selectRows(requests, 'r', 'k int, id uuid, network_reference text')}
        ),
        ${ledger.head},
        event as (
          insert into payout_events (event_id, redemption_id, type)
          select 'push:' || r.id, r.id, 'succeeded' from req r
          where (select n from ledger_known) = ${p(accountCount, 'int')}
          on conflict do nothing
          returning redemption_id
        ),
        settled as (
          update redemptions x
          set status = 'succeeded', completed_at = ${p(completedAt.toISOString(), 'timestamptz')},
            network_reference = r.network_reference
          from req r
          where x.id = r.id and x.id in (select redemption_id from event) and x.status = 'pending'
          returning r.k
        ),
        ${ledger.lock('settled')},
        ${ledger.tail('settled')}
        select r.k, r.id in (select redemption_id from event) as fresh,
          r.k in (select k from settled) as settled,
          (select n from ledger_known) as known,
          (select count(*)::int from ledger_moved) as moved,
          (select count(*)::int from ledger_entries_written) as entries
        from req r
        order by r.k`,
      st.values,
    );
    if (!rows) return items.map(() => null);
    const written = rows.filter((row) => row.settled).map((row) => items[row.k]?.plan);
    if (
      rows.length !== items.length ||
      written.some((plan) => !plan) ||
      !wroteWholeTransfers(written as PlannedTransfer[], rows[0] ?? { moved: 0, entries: 0 })
    ) {
      throw new Error(`a batch of ${items.length} settled payouts was written incompletely`);
    }
    return rows.map((row) => (row.fresh && row.settled ? completedAt : null));
  }

  const recorder = createBatcher({ run: record, maxBatch: MAX_BATCH, maxInFlight: MAX_RECORDING });
  const settler = createBatcher({ run: settle, maxBatch: MAX_BATCH, maxInFlight: MAX_SETTLING });
  return {
    /**
     * The system account shard for a redemption about to be recorded: the number of the
     * recording batch it will go in, counted from this process's slot. A batch settles the
     * payouts of earlier recording batches while the next one records, so the two lock
     * different shards of payouts in transit instead of waiting on each other.
     */
    shard: () => recorder.nextBatch() + instanceOf(db).slot * SLOT_STRIDE,
    /** Records a redemption and moves its money; null when it cannot go ahead this way. */
    record: (item: BatchRedemption) => recorder.submit(item),
    /** Applies a payout's success; its completion time, or null when it is not this simple. */
    settle: (item: BatchSettle) => settler.submit(item),
  };
}

export type RedemptionBatches = ReturnType<typeof createRedemptionBatches>;
