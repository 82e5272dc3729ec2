import type { BotAction } from '@refund/contracts/auth';
import type { DestinationKind, RedemptionMode } from '@refund/contracts/wallet';
import { feeCents, type Transaction } from '@refund/contracts/redemptions';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/database';
import {
  customerAvailable,
  customerBonus,
  systemShard,
  type Posting,
  type TransferInput,
} from '../ledger/ledger';

/**
 * A way to redeem (ADR 0014): everything the redemption pipeline needs to know about one method,
 * and nothing the pipeline itself decides. The pipeline (redemption-pipeline.ts) is the one place
 * that knows the order: idempotency, passcode, limits, destination, record, post the transfer,
 * queue the provider call in the same transaction, execute, settle or compensate.
 */
export interface RedemptionMethod<D extends Destination = Destination> {
  mode: RedemptionMode;
  /** What the method pays to: the `kind` of every destination `describe` answers. */
  destinationKind: DestinationKind;
  /**
   * The method as the monthly statements name it after "Redemption to": "a debit card", "a
   * bank account".
   */
  inWords: string;
  limits: MethodLimits;
  /**
   * The customer's destination for this redemption, checked in the recording transaction (and
   * locked there if the method needs it to stay usable until commit); throws a domain error
   * (not found, not usable) otherwise. Someone else's destination is never found.
   */
  destination(q: Queryable, userId: string, destinationId: string, amountCents: number): Promise<D>;
  /**
   * Set when the method's amounts are its destinations' (a gift card brand's): the limits then
   * only bound what any destination could take, and the methods list shows none.
   */
  limitsPerDestination?: boolean;
  /** Whether the method can be offered now (its provider answers); default always. */
  isAvailable?(): boolean;
  /**
   * Whether the customer's bonus (spend-only money, ADR 0020) pays for this method before their
   * available balance: gift cards and prepaid cards, never a payout to a card or bank. A method
   * offering group commit does not.
   */
  spendsBonus?: boolean;
  /** The bot check a redemption with this method must pass (a new request, not a retry). */
  botAction?: BotAction;
  /** The method's own payout record beside the redemption, in the recording transaction. */
  recordPayout(tx: Tx, redemption: RecordedRedemption, destination: D): Promise<void>;
  /**
   * The postings that move the money out of the wallet. Default: `payoutPostings` (the net to
   * payouts in transit, the fee to fee revenue); a method with cashback or a bonus adds postings.
   * Its net must go to payouts in transit, which settlement moves on. A failure or return
   * reverses exactly what was posted (payout-events.ts), so compensation needs nothing more.
   */
  postings?(redemption: RecordedRedemption): Posting[];
  /**
   * Work for after the commit, queued in the recording transaction itself (a transactional
   * outbox: a process killed after the commit still leaves it queued). Answers nothing when the
   * method executes in the request instead (`execute`).
   */
  queue?(tx: Tx, redemption: RecordedRedemption): Promise<void>;
  /**
   * Executes the payout in the request, after the commit, and answers the provider's outcome:
   * `unknown` when no answer came (the method's own lookup resolves it later).
   */
  execute?(redemption: RecordedRedemption, destination: D): Promise<PayoutOutcome>;
  /** The destination as a transaction shows it, for each of these redemptions of this method. */
  describe(q: Queryable, redemptionIds: readonly string[]): Promise<Map<string, DestinationView>>;
  /**
   * What `describe` says of a redemption never changes once it is recorded (a card's brand and
   * last four digits are never edited; a removed card is only marked removed), so the history may
   * keep it instead of asking again. Not so where it names something that can change (a brand's
   * name from the catalog).
   */
  describesOnceForAll?: boolean;
  /** Runs the whole redemption (record and execution) with the method's bookkeeping around it. */
  around?<T>(redemptionId: string, work: () => Promise<T>): Promise<T>;
  /**
   * Offers group commit, the fast strategy for the usual case (ADR 0003): redemptions arriving
   * together are recorded (and their successes settled) in one statement each, built by the
   * pipeline (redemption-batches.ts) from this description and the other owners' rules.
   */
  groupCommit?: GroupCommit<D>;
}

/**
 * What group commit needs of a method: no SQL text, only rules and columns built with the query
 * builder, the same definitions the method's `destination` and `recordPayout` use.
 */
export interface GroupCommit<D extends Destination = Destination> {
  destination: {
    /** The table of the destinations; the rule reads it by name. */
    table: PgTable;
    /** The rule `destination` checks: the customer's destination, usable now. */
    usable(userId: SQLWrapper, destinationId: SQLWrapper): SQL;
  };
  /** What the statement reads of the destination, by name. */
  read: Record<string, SQLWrapper>;
  /** The destination, and how a transaction shows it, from what was read. */
  found(id: string, read: Record<string, unknown>): { destination: D; view: DestinationView };
  /** The method's payout record, as `recordPayout` writes it. */
  payout: PayoutRecord;
}

/** A method's payout record: its table, and its row for a redemption to a destination. */
export interface PayoutRecord {
  table: PgTable;
  /** Keyed by the table's columns; values plain or expressions over the statement's request. */
  row(
    redemptionId: string | SQLWrapper,
    destinationId: string | SQLWrapper,
  ): Record<string, unknown>;
}

/** Per-redemption limits the customer sees before choosing an amount, and the server enforces. */
export interface MethodLimits {
  minCents: number;
  maxCents: number;
  /** Fee in basis points of the amount, rounded half up to whole cents (contracts' feeCents). */
  feeRateBps: number;
  wholeDollarsOnly: boolean;
}

/** Where a method pays to, as it found it: at least its id. */
export interface Destination {
  id: string;
}

export type DestinationView = Transaction['destination'];

export interface RecordedRedemption {
  id: string;
  userId: string;
  mode: RedemptionMode;
  amountCents: number;
  feeCents: number;
  /**
   * The shard of payouts in transit and fee revenue its transfer uses; by default the one its id
   * picks. Whatever it is, the settling and a give-back take from the shard the transfer used.
   */
  shard?: number;
}

export type PayoutOutcome =
  | { status: 'succeeded'; networkReference: string }
  | { status: 'failed'; reason: string }
  | { status: 'unknown' };

/** Why an amount does not fit a method, or null when it fits. */
export function amountProblem(
  limits: MethodLimits,
  amountCents: number,
): 'AMOUNT_OUT_OF_RANGE' | 'AMOUNT_NOT_WHOLE_DOLLARS' | null {
  if (amountCents < limits.minCents || amountCents > limits.maxCents) return 'AMOUNT_OUT_OF_RANGE';
  if (limits.wholeDollarsOnly && amountCents % 100 !== 0) return 'AMOUNT_NOT_WHOLE_DOLLARS';
  return null;
}

export const methodFee = (limits: MethodLimits, amountCents: number) =>
  feeCents(amountCents, limits.feeRateBps);

/**
 * The usual postings of a payout: the whole amount leaves the wallet (`bonusCents` of it from the
 * customer's bonus, the rest from the available balance), the net goes to payouts in transit
 * until the provider settles it, the fee to fee revenue. Shards are chosen by the redemption id,
 * so its settlement and give-back find the same ones; a give-back reverses each leg, so a bonus
 * spent comes back as bonus.
 */
export function payoutPostings(r: RecordedRedemption, bonusCents = 0): Posting[] {
  return [
    ...(r.amountCents > bonusCents
      ? [{ account: customerAvailable(r.userId), amountCents: -(r.amountCents - bonusCents) }]
      : []),
    ...(bonusCents > 0 ? [{ account: customerBonus(r.userId), amountCents: -bonusCents }] : []),
    {
      account: systemShard('payouts_in_transit', r.shard ?? r.id),
      amountCents: r.amountCents - r.feeCents,
    },
    ...(r.feeCents > 0
      ? [{ account: systemShard('fee_revenue', r.shard ?? r.id), amountCents: r.feeCents }]
      : []),
  ];
}

/** The key of a redemption's payout transfer: one per redemption, whatever its method. */
export const PAYOUT_TRANSFER_KEY = (redemptionId: string) => `payout:${redemptionId}`;

/** The usual payout's transfer, for a redemption recorded as given. */
export const payoutTransfer = (
  redemptionId: string,
  userId: string,
  amountCents: number,
  feeCents: number,
): TransferInput => ({
  idempotencyKey: PAYOUT_TRANSFER_KEY(redemptionId),
  kind: 'payout',
  reference: { kind: 'redemption', id: redemptionId },
  postings: payoutPostings({ id: redemptionId, userId, mode: 'debit', amountCents, feeCents }),
});

/**
 * The payout transfer of a redemption: its method's postings, or the usual ones with
 * `bonusCents` of the amount paid from the customer's bonus.
 */
export function redemptionTransfer(
  method: RedemptionMethod,
  r: RecordedRedemption,
  bonusCents = 0,
): TransferInput {
  return {
    idempotencyKey: PAYOUT_TRANSFER_KEY(r.id),
    kind: 'payout',
    reference: { kind: 'redemption', id: r.id },
    postings: method.postings?.(r) ?? payoutPostings(r, bonusCents),
  };
}
