import { and, asc, eq } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/database';
import { transactionRetrying } from '../../db/sql-state';
import { refundReturns, refunds } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import {
  customerAvailable,
  customerHeld,
  merchantFunding,
  postTransfer,
  type Posting,
} from '../ledger/ledger';
import type { JobQueue } from '../../jobs/job-queue';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import { holdLapsed, type RefundRow, type ReturnRow } from './refund-views';

/** Where a money step queues what it causes (webhook deliveries), inside its transaction. */
export type RefundJobs = Pick<JobQueue, 'sendIn'>;

const isHeld = (r: ReturnRow) =>
  r.state === 'awaiting_pickup' || r.state === 'awaiting_fraud_check';

async function paidOutEvent(tx: Tx, jobs: RefundJobs, refund: RefundRow): Promise<void> {
  await recordWebhookEvent(tx, jobs, {
    merchantId: refund.merchantId,
    type: 'refund.paid_out',
    dedupeKey: `${refund.id}:refund.paid_out`,
    data: {
      refund_uuid: refund.id,
      order_number: refund.orderNumber,
      amount_in_cents: refund.amountCents,
    },
  });
}

/**
 * The refund, locked for the rest of the transaction: every change to a refund (claim, a choice
 * of the original method, a return's step) takes this lock first, so they happen one at a time.
 */
export async function lockRefund(tx: Tx, refundId: string): Promise<RefundRow | undefined> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  return refund;
}

async function lockReturns(tx: Tx, refundId: string): Promise<ReturnRow[]> {
  return tx
    .select()
    .from(refundReturns)
    .where(eq(refundReturns.refundId, refundId))
    .orderBy(asc(refundReturns.position))
    .for('update');
}

/**
 * Credits a claimed refund: what is available now to the customer's available balance, what
 * waits (pick-up, fraud hold) to their held balance, all from the merchant's funding account.
 * Runs in the caller's transaction after the claim was checked; the transfer's key makes a
 * repeat harmless.
 */
export async function creditClaim(
  tx: Tx,
  jobs: RefundJobs,
  refund: RefundRow,
  userId: string,
): Promise<void> {
  const rows = await lockReturns(tx, refund.id);
  let available = 0;
  let held = 0;
  for (const r of rows) {
    if (holdLapsed(r)) {
      await tx
        .update(refundReturns)
        .set({ state: 'available', holdCents: 0 })
        .where(eq(refundReturns.id, r.id));
      available += r.amountCents;
    } else if (r.state === 'reversed') {
      available += r.amountCents - r.holdCents;
    } else {
      available += r.amountCents - r.holdCents;
      held += isHeld(r) ? r.holdCents : 0;
    }
  }
  const postings: Posting[] = [
    { account: merchantFunding(refund.merchantId), amountCents: -(available + held) },
  ];
  if (available > 0) postings.push({ account: customerAvailable(userId), amountCents: available });
  if (held > 0) postings.push({ account: customerHeld(userId), amountCents: held });
  if (available + held > 0) {
    await postTransfer(tx, {
      idempotencyKey: `claim:${refund.id}`,
      kind: 'refund_claim',
      reference: { kind: 'refund', id: refund.id },
      postings,
    });
  }
  await recordWebhookEvent(tx, jobs, {
    merchantId: refund.merchantId,
    type: 'refund.claimed',
    dedupeKey: `${refund.id}:refund.claimed`,
    data: {
      refund_uuid: refund.id,
      order_number: refund.orderNumber,
      amount_in_cents: refund.amountCents,
    },
  });
  if (held === 0) await paidOutEvent(tx, jobs, refund);
}

/**
 * A money step's transaction, run again when PostgreSQL broke it off for a deadlock or a
 * serialization failure (it then changed nothing, and the step reads the return's state afresh),
 * and after a lost connection: a step that did commit is found done, its webhook events queued
 * with it.
 */
const moneyStep = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> =>
  transactionRetrying(db, work, { conflicts: true, connectionLoss: true });

export interface ReturnStep {
  /** When given, the refund must belong to this merchant. */
  merchantId: string | null;
  refundId: string;
  returnId: string;
}

async function lockStep(
  tx: Tx,
  step: ReturnStep,
): Promise<{ refund: RefundRow; target: ReturnRow; rows: ReturnRow[] }> {
  const refund = await lockRefund(tx, step.refundId);
  if (!refund || (step.merchantId && refund.merchantId !== step.merchantId)) {
    throw new DomainError('NOT_FOUND', 'No refund with this id.');
  }
  const rows = await lockReturns(tx, refund.id);
  const target = rows.find((r) => r.id === step.returnId);
  if (!target) throw new DomainError('NOT_FOUND', 'No return with this id on this refund.');
  return { refund, target, rows };
}

async function finishIfSettled(
  tx: Tx,
  jobs: RefundJobs,
  refund: RefundRow,
  rows: ReturnRow[],
  changed: ReturnRow,
): Promise<void> {
  if (refund.status !== 'claimed') return;
  const stillHeld = rows.some((r) => r.id !== changed.id && isHeld(r));
  if (!stillHeld) await paidOutEvent(tx, jobs, refund);
}

/**
 * A label scan (awaiting pick-up), a passed fraud check, or a lapsed fraud hold makes the held
 * part of a return available. Repeats are harmless; a step that does not fit the return's state
 * is refused.
 */
export async function releaseReturn(
  db: Db,
  jobs: RefundJobs,
  step: ReturnStep & { cause: 'label_scanned' | 'fraud_passed' | 'hold_expired' },
): Promise<void> {
  return moneyStep(db, async (tx) => {
    const { refund, target, rows } = await lockStep(tx, step);
    const expected = step.cause === 'label_scanned' ? 'awaiting_pickup' : 'awaiting_fraud_check';
    if (target.state !== expected) {
      if (target.state === 'available') return;
      if (step.cause === 'hold_expired') return;
      throw new DomainError(
        'RETURN_STATE_CONFLICT',
        `This return is ${target.state.replaceAll('_', ' ')}, not ${expected.replaceAll('_', ' ')}.`,
      );
    }
    if (step.cause === 'hold_expired' && !holdLapsed(target)) return;
    await tx
      .update(refundReturns)
      .set({ state: 'available', holdCents: 0 })
      .where(eq(refundReturns.id, target.id));
    if (refund.status === 'claimed' && refund.claimedByUserId && target.holdCents > 0) {
      await postTransfer(tx, {
        idempotencyKey: `release:${target.id}`,
        kind: `hold_release_${step.cause}`,
        reference: { kind: 'refund_return', id: target.id },
        postings: [
          { account: customerHeld(refund.claimedByUserId), amountCents: -target.holdCents },
          { account: customerAvailable(refund.claimedByUserId), amountCents: target.holdCents },
        ],
      });
    }
    await finishIfSettled(tx, jobs, refund, rows, target);
  });
}

/** A failed fraud check gives the held part of the return back to the merchant. */
export async function reverseReturn(db: Db, jobs: RefundJobs, step: ReturnStep): Promise<void> {
  return moneyStep(db, async (tx) => {
    const { refund, target, rows } = await lockStep(tx, step);
    if (target.state === 'reversed') return;
    if (target.state !== 'awaiting_fraud_check' || holdLapsed(target)) {
      throw new DomainError('RETURN_STATE_CONFLICT', `This return is not awaiting a fraud check.`);
    }
    // The held amount stays on the row as the reversed part; the state says which it is.
    await tx
      .update(refundReturns)
      .set({ state: 'reversed' })
      .where(eq(refundReturns.id, target.id));
    if (refund.status === 'claimed' && refund.claimedByUserId && target.holdCents > 0) {
      await postTransfer(tx, {
        idempotencyKey: `reverse:${target.id}`,
        kind: 'fraud_reversal',
        reference: { kind: 'refund_return', id: target.id },
        postings: [
          { account: customerHeld(refund.claimedByUserId), amountCents: -target.holdCents },
          { account: merchantFunding(refund.merchantId), amountCents: target.holdCents },
        ],
      });
    }
    await finishIfSettled(tx, jobs, refund, rows, target);
  });
}

/** Returns of a claimed refund whose fraud hold has a time limit, for the release jobs. */
export async function timedHolds(
  db: Queryable,
  refundId: string,
): Promise<{ id: string; at: Date }[]> {
  const rows = await db
    .select({ id: refundReturns.id, at: refundReturns.holdExpiresAt, state: refundReturns.state })
    .from(refundReturns)
    .where(
      and(eq(refundReturns.refundId, refundId), eq(refundReturns.state, 'awaiting_fraud_check')),
    );
  return rows.flatMap((r) => (r.at ? [{ id: r.id, at: r.at }] : []));
}
