import { createBatcher } from '../../db/batcher';
import type { Db } from '../../db/database';
import { connectionLost, sqlState } from '../../db/sql-state';
import type { OtpService } from '../auth/otp-service';
import type { CardVault } from '../cards/card-vault';
import {
  batchTransferStatementParts,
  forgetAccounts,
  ledgerAccountCount,
  wroteWholeTransfers,
  type PlannedTransfer,
} from '../ledger/ledger';
import { runStatement, Statement } from '../ledger/statement';

/**
 * The two writes of the usual redemption to a debit card, each in group commit: redemptions
 * that arrive together are recorded together (one statement, one commit), and so are the
 * pushes' successes. Under load this is what lets a few database connections carry many
 * redemptions a second (ADR 0003). Each item is decided on its own inside the statement; one
 * that cannot go ahead changes nothing and answers null, and the caller then takes the step-by-
 * step path, which gives the exact answer. A batch that fails as a whole (a unique key taken by
 * a parallel retry, a deadlock, the balance CHECK as the last word) also answers null for each
 * of its items, having changed nothing; so does one whose connection was lost, which may have
 * committed (the step-by-step path then finds the redemption recorded, or the push settled).
 */

/**
 * The most redemptions one statement records, and how many such statements may run at once.
 * Batches running side by side lock the same system account shards and wait on each other, and
 * come out smaller: on the benchmark four at once gave ~1,250 redemptions/s, two ~1,780/s and
 * one ~2,100/s. Two, so that a batch waiting on a lock (a customer's row held by a claim) does
 * not hold up every card redemption behind it.
 */
const MAX_BATCH = 64;
const MAX_IN_FLIGHT = 2;

export interface CardRedemptionItem {
  id: string;
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  cardId: string;
  amountCents: number;
  feeCents: number;
  attemptId: string;
  code: string;
  /** The payout's transfer, planned: the ledger decides whether the balances allow it. */
  plan: PlannedTransfer;
}

/** A redemption recorded with its money moved, and the card's number to push to. */
export interface RecordedCardRedemption {
  createdAt: Date;
  cardNumber: string | null;
}

export interface SettleItem {
  redemptionId: string;
  cardId: string;
  networkReference: string;
  /** The settling transfer, planned. */
  plan: PlannedTransfer;
}

export interface SettledCardRedemption {
  completedAt: Date;
  brand: string | null;
  last4: string | null;
}

/** SQLSTATEs after which a batch has changed nothing and its items can each be tried alone. */
const RETRY_ALONE = new Set(['23505', '23514', '40P01', '40001']);

/** The items whose attempt or Idempotency-Key an earlier item of the batch already uses. */
function laterDuplicates(items: readonly CardRedemptionItem[]): Set<number> {
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
  sealed_number: string | null;
  known: number;
  moved: number;
  entries: number;
}

interface SettledRow {
  k: number;
  fresh: boolean;
  settled: boolean;
  brand: string | null;
  last4: string | null;
  known: number;
  moved: number;
  entries: number;
}

export interface CardRedemptionBatchDeps {
  db: Db;
  /** The instance id recorded as the holder of the pushes (push-holders.ts); none when absent. */
  pushHolder?: number | null;
  otp: Pick<OtpService, 'codeHash' | 'openAttemptCondition'>;
  vault: Pick<CardVault, 'sealedNumberOf' | 'open'>;
}

export function createCardRedemptionBatches(deps: CardRedemptionBatchDeps) {
  const { db } = deps;

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
      // known. The step-by-step path finds out: it answers a recorded redemption as a retry of
      // its Idempotency-Key, and applyPayoutEvent a settled push by its event id.
      if (connectionLost(error)) return null;
      throw error;
    }
    if ((rows[0]?.known ?? accountCount) !== accountCount) {
      for (const { plan } of plans) forgetAccounts(plan);
      return null;
    }
    return rows;
  }

  /**
   * For each redemption: the card must be the customer's and not removed, the Idempotency-Key
   * unused, the passcode right and open; the passcodes are locked, then the accounts (in lock
   * order); the ledger's own rule decides which go ahead (a customer's redemptions in the batch,
   * in order, while the balance covers them). Only then is the passcode marked used, the
   * redemption recorded and the money moved.
   */
  async function record(items: CardRedemptionItem[]): Promise<(RecordedCardRedemption | null)[]> {
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
      card_id: item.cardId,
      amount: item.amountCents,
      fee: item.feeCents,
      attempt_id: item.attemptId,
      code_hash: deps.otp.codeHash(item.attemptId, item.code),
    }));
    const createdAt = new Date();
    const ledger = batchTransferStatementParts(plans, st);
    const accountCount = ledgerAccountCount(plans);
    const rows = await runBatch<RecordedRow>(
      plans,
      accountCount,
      `with req as (
          select * from json_to_recordset(${p(JSON.stringify(requests), 'json')}) as r(k int,
            id uuid, user_id uuid, key text, hash text, card_id uuid, amount bigint, fee bigint,
            attempt_id uuid, code_hash text)
        ),
        ${ledger.head},
        card as (
          select r.k, ${deps.vault.sealedNumberOf('c.vault_token')} as sealed_number
          from req r join cards c on c.id = r.card_id and c.user_id = r.user_id
          where c.removed_at is null
        ),
        code as materialized (
          select r.k from req r
          join otp_attempts o on o.id = r.attempt_id and o.user_id = r.user_id
            and o.code_hash = r.code_hash
          where ${deps.otp.openAttemptCondition('o', ['WITHDRAWAL'], p)}
            and r.k in (select k from card)
            and not exists (select 1 from redemptions x
              where x.user_id = r.user_id and x.idempotency_key = r.key)
            and (select n from ledger_known) = ${p(accountCount, 'int')}
          order by o.id
          for update of o
        ),
        ${ledger.lock('code')},
        ${ledger.funded('code')},
        passcode as (
          update otp_attempts o set consumed_at = now()
          from req r
          where r.k in (select k from ledger_funded) and o.id = r.attempt_id and o.user_id = r.user_id
            and o.consumed_at is null
          returning r.k
        ),
        redemption as (
          insert into redemptions (id, user_id, idempotency_key, request_hash, mode,
            amount_cents, fee_cents, created_at)
          select r.id, r.user_id, r.key, r.hash, 'debit', r.amount, r.fee,
            ${p(createdAt.toISOString(), 'timestamptz')}
          from req r where r.k in (select k from passcode)
          returning id
        ),
        card_payout as (
          insert into card_payouts (redemption_id, card_id, push_holder, created_at)
          select r.id, r.card_id, ${p(deps.pushHolder ?? null, 'int')},
            ${p(createdAt.toISOString(), 'timestamptz')}
          from req r where r.id in (select id from redemption)
          returning redemption_id
        ),
        done as (select r.k from req r where r.id in (select redemption_id from card_payout)),
        ${ledger.tail('done')}
        select r.k, r.k in (select k from done) as created, card.sealed_number,
          (select n from ledger_known) as known,
          (select count(*)::int from ledger_moved) as moved,
          (select count(*)::int from ledger_entries_written) as entries
        from req r left join card on card.k = r.k
        order by r.k`,
      st.values,
    );
    if (!rows) return items.map(() => null);
    const created = new Map(rows.filter((r) => r.created).map((r) => [r.k, r]));
    const written = go.filter(({ k }) => created.has(k)).map(({ item }) => item.plan);
    if (
      rows.length !== go.length ||
      !wroteWholeTransfers(written, rows[0] ?? { moved: 0, entries: 0 })
    ) {
      throw new Error(`a batch of ${go.length} redemptions was written incompletely`);
    }
    return items.map((_, k) => {
      const row = created.get(k);
      return row ? { createdAt, cardNumber: deps.vault.open(row.sealed_number) } : null;
    });
  }

  /**
   * For each push that succeeded, as applyPayoutEvent applies it: the event once by its id; a
   * pending payout becomes successful and its net amount moves from payouts in transit to
   * settled. A push whose event was applied already, or whose payout moved on meanwhile, answers
   * null; applyPayoutEvent then finds out which.
   */
  async function settle(items: SettleItem[]): Promise<(SettledCardRedemption | null)[]> {
    const plans = items.map((item, k) => ({ k, plan: item.plan }));
    const st = new Statement();
    const p = (value: unknown, type: string) => st.param(value, type);
    const requests = items.map((item, k) => ({
      k,
      id: item.redemptionId,
      card_id: item.cardId,
      network_reference: item.networkReference,
    }));
    const completedAt = new Date();
    const ledger = batchTransferStatementParts(plans, st);
    const accountCount = ledgerAccountCount(plans);
    const rows = await runBatch<SettledRow>(
      plans,
      accountCount,
      `with req as (
          select * from json_to_recordset(${p(JSON.stringify(requests), 'json')})
            as r(k int, id uuid, card_id uuid, network_reference text)
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
          r.k in (select k from settled) as settled, c.brand, c.last4,
          (select n from ledger_known) as known,
          (select count(*)::int from ledger_moved) as moved,
          (select count(*)::int from ledger_entries_written) as entries
        from req r left join cards c on c.id = r.card_id
        order by r.k`,
      st.values,
    );
    if (!rows) return items.map(() => null);
    const written = rows.filter((r) => r.settled).map((r) => items[r.k]?.plan);
    if (
      rows.length !== items.length ||
      written.some((plan) => !plan) ||
      !wroteWholeTransfers(written as PlannedTransfer[], rows[0] ?? { moved: 0, entries: 0 })
    ) {
      throw new Error(`a batch of ${items.length} settled pushes was written incompletely`);
    }
    return rows.map((r) =>
      r.fresh && r.settled ? { completedAt, brand: r.brand, last4: r.last4 } : null,
    );
  }

  const recorder = createBatcher({ run: record, maxBatch: MAX_BATCH, maxInFlight: MAX_IN_FLIGHT });
  const settler = createBatcher({ run: settle, maxBatch: MAX_BATCH, maxInFlight: MAX_IN_FLIGHT });
  return {
    /** Records a redemption and moves its money; null when it cannot go ahead this way. */
    record: (item: CardRedemptionItem) => recorder.submit(item),
    /** Applies a push's success; null when it is not this simple. */
    settle: (item: SettleItem) => settler.submit(item),
  };
}

export type CardRedemptionBatches = ReturnType<typeof createCardRedemptionBatches>;
