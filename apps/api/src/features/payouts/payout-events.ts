import { eq } from 'drizzle-orm';
import { formatMoney } from '@refund/contracts/format';
import type { Db, Tx } from '../../db/database';
import { transactionRetrying } from '../../db/sql-state';
import { payoutEvents, redemptions } from '../../db/schema';
import { phoneOf } from '../auth/users';
import type { JobQueue } from '../../jobs/job-queue';
import {
  postedTransfer,
  postTransfer,
  sameShard,
  type Posting,
  type TransferInput,
} from '../ledger/ledger';
import { PAYOUT_TRANSFER_KEY } from './redemption-method';

export type PayoutEventType = 'succeeded' | 'failed' | 'returned';
type RedemptionRow = typeof redemptions.$inferSelect;

export interface PayoutEvent {
  /** The provider's id for this event; the same id is applied once. */
  eventId: string;
  redemptionId: string;
  type: PayoutEventType;
  networkReference?: string | null;
  reason?: string | null;
}

/**
 * A delivered payout: what its transfer put in payouts in transit moves to the same shard of
 * payouts settled, once.
 */
export const settleTransfer = (
  redemptionId: string,
  payout: readonly Posting[],
): TransferInput => ({
  idempotencyKey: `payout-settle:${redemptionId}`,
  kind: 'payout_settled',
  reference: { kind: 'redemption', id: redemptionId },
  postings: payout
    .filter((p) => sameShard(p.account, 'payouts_in_transit', 'payouts_settled') !== p.account)
    .flatMap((p) => [
      { account: p.account, amountCents: -p.amountCents },
      {
        account: sameShard(p.account, 'payouts_in_transit', 'payouts_settled'),
        amountCents: p.amountCents,
      },
    ]),
});

/**
 * Compensation: the payout's own transfer, as it was posted, reversed. Whatever its method posted
 * (the amount out of the wallet, the fee, a cashback or bonus leg) comes back exactly; after a
 * settlement the net is taken from the settled shard the settlement moved it to.
 */
async function giveBack(tx: Tx, row: RedemptionRow, settled: boolean, key: string) {
  const posted = await postedTransfer(tx, PAYOUT_TRANSFER_KEY(row.id));
  if (posted.length === 0) throw new Error(`no payout transfer for redemption ${row.id}`);
  await postTransfer(tx, {
    idempotencyKey: key,
    kind: settled ? 'payout_returned' : 'payout_failed',
    reference: { kind: 'redemption', id: row.id },
    postings: posted.map((p) => ({
      account: settled ? sameShard(p.account, 'payouts_in_transit', 'payouts_settled') : p.account,
      amountCents: -p.amountCents,
    })),
  });
}

/** A method's part in applying its payouts' outcomes, in the outcome's own transaction. */
export interface PayoutOutcomeHooks {
  /**
   * The settlement's postings, for a method that settles otherwise than moving what is in
   * transit to settled (a gift card: the issuer's part and the discount income).
   */
  settlement?(row: RedemptionRow, payout: readonly Posting[]): Posting[];
  /** More work once the payout settled: cashback, the payout record's state. */
  settled?(tx: Tx, row: RedemptionRow): Promise<void>;
  /** More work once the money came back (failed or returned). */
  cameBack?(tx: Tx, row: RedemptionRow): Promise<void>;
}

/**
 * Applies what a payout provider says happened, exactly once per event and in any order:
 * pending → succeeded (settled out) or failed (given back); succeeded → returned (given back).
 * A return that arrives before the success is a failure; a success after a failure or a return
 * changes nothing. Answers a message for the customer when money came back.
 */
export async function applyPayoutEvent(
  db: Db,
  event: PayoutEvent,
  jobs?: Pick<JobQueue, 'sendMessageIn'>,
  hooks: PayoutOutcomeHooks = {},
): Promise<{ notify: { to: string; body: string } | null }> {
  // Applied once by its event id, so it can run again after a lost connection: if the first run
  // committed, the second finds the event and changes nothing.
  return transactionRetrying(
    db,
    async (tx) => {
      const fresh = await tx
        .insert(payoutEvents)
        .values({ eventId: event.eventId, redemptionId: event.redemptionId, type: event.type })
        .onConflictDoNothing()
        .returning({ eventId: payoutEvents.eventId });
      if (fresh.length === 0) return { notify: null };
      const [row] = await tx
        .select()
        .from(redemptions)
        .where(eq(redemptions.id, event.redemptionId))
        .for('update');
      if (!row) throw new Error(`payout event for unknown redemption ${event.redemptionId}`);
      const now = new Date();
      let cameBack = false;

      if (event.type === 'succeeded' && row.status === 'pending') {
        const payout = await postedTransfer(tx, PAYOUT_TRANSFER_KEY(row.id));
        if (payout.length === 0) throw new Error(`no payout transfer for redemption ${row.id}`);
        const usual = settleTransfer(row.id, payout);
        await postTransfer(
          tx,
          hooks.settlement ? { ...usual, postings: hooks.settlement(row, payout) } : usual,
        );
        await tx
          .update(redemptions)
          .set({
            status: 'succeeded',
            completedAt: now,
            networkReference: event.networkReference ?? row.networkReference,
          })
          .where(eq(redemptions.id, row.id));
        await hooks.settled?.(tx, row);
      } else if (
        (event.type === 'failed' || event.type === 'returned') &&
        row.status === 'pending'
      ) {
        await giveBack(tx, row, false, `payout-giveback:${row.id}`);
        await tx
          .update(redemptions)
          .set({
            status: event.type === 'failed' ? 'failed' : 'returned',
            completedAt: now,
            failureReason: event.reason ?? null,
          })
          .where(eq(redemptions.id, row.id));
        cameBack = true;
      } else if (event.type === 'returned' && row.status === 'succeeded') {
        await giveBack(tx, row, true, `payout-giveback:${row.id}`);
        await tx
          .update(redemptions)
          .set({ status: 'returned', failureReason: event.reason ?? 'The payout was returned.' })
          .where(eq(redemptions.id, row.id));
        cameBack = true;
      }
      if (!cameBack) return { notify: null };
      await hooks.cameBack?.(tx, row);
      const phone = await phoneOf(tx, row.userId);
      const what = event.type === 'failed' ? 'did not go through' : 'was returned';
      const notify = phone
        ? {
            to: phone,
            body: `Your ${formatMoney(row.amountCents)} redemption ${what}. The full amount is back in your balance.`,
          }
        : null;
      // In the same transaction: the message exists exactly when the money came back.
      if (notify && jobs) await jobs.sendMessageIn(tx, { channel: 'sms', ...notify });
      return { notify };
    },
    // Safe to run again: a run that committed left its event id, and the next finds it.
    { connectionLoss: true, conflicts: true },
  );
}

/** Applies an event and tells the customer by SMS, in the same transaction, when money came back. */
export async function applyAndNotify(
  db: Db,
  jobs: Pick<JobQueue, 'sendMessageIn'>,
  event: PayoutEvent,
): Promise<void> {
  await applyPayoutEvent(db, event, jobs);
}
