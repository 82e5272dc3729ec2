import { eq } from 'drizzle-orm';
import type { ClaimRefundResponse } from '@refund/contracts/refunds';
import type { Db, Queryable, Tx } from '../../db/database';
import { transactionRetrying } from '../../db/sql-state';
import { refunds, users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { JobQueue } from '../../jobs/job-queue';
import { lockOpenCustomer } from '../auth/users';
import { creditClaim, lockRefund, timedHolds } from './refund-money';
import { returnsOf, type RefundRow } from './refund-views';

export const RELEASE_HOLD_QUEUE = 'release-hold';

/**
 * Whether this account may take this refund (claim it, or send it back to the original payment
 * method): it holds the refund's phone number (proven at sign-up) or its verified email. An
 * email the account only typed proves nothing (ADR 0011).
 */
export async function ownsRefund(
  db: Queryable,
  userId: string,
  refund: Pick<RefundRow, 'customerPhone' | 'customerEmail'>,
): Promise<boolean> {
  const [user] = await db
    .select({
      phoneNumber: users.phoneNumber,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return false;
  const ownsPhone = !!refund.customerPhone && user.phoneNumber === refund.customerPhone;
  const ownsEmail = user.emailVerifiedAt !== null && user.email === refund.customerEmail;
  return ownsPhone || ownsEmail;
}

/**
 * Moves a refund into the wallet of a customer who holds the phone number or verified email the
 * merchant gave. Exactly once: parallel or repeated claims by the same customer answer the same
 * claim; anyone else learns nothing about it.
 */
export async function claimRefund(
  deps: {
    db: Db;
    jobs: Pick<JobQueue, 'sendIn'>;
    /** More to do for the customer who claimed, in the claim's transaction (a welcome bonus). */
    onClaimed?: ((tx: Tx, userId: string) => Promise<void>) | undefined;
    /** Told once the claim committed (not for a repeated claim): analytics. Must not throw. */
    afterClaim?: ((userId: string, claimedCents: number) => void) | undefined;
  },
  userId: string,
  refundId: string,
): Promise<ClaimRefundResponse> {
  const { db, jobs } = deps;
  // A deadlock or a serialization failure rolled everything back, so the claim runs again from
  // its first check; so does a lost connection, since a claim that did commit is then found
  // claimed by this customer, its webhook events and hold releases queued with it.
  let claimedNow = false;
  await transactionRetrying(
    db,
    async (tx) => {
      claimedNow = false;
      const refund = await lockRefund(tx, refundId);
      if (!refund) throw new DomainError('REFUND_NOT_CLAIMABLE');
      if (refund.status === 'claimed') {
        if (refund.claimedByUserId !== userId) throw new DomainError('REFUND_NOT_CLAIMABLE');
        return;
      }
      if (refund.status !== 'pending' || refund.expiresAt.getTime() <= Date.now()) {
        throw new DomainError('REFUND_NOT_CLAIMABLE');
      }
      await lockOpenCustomer(tx, userId);
      if (!(await ownsRefund(tx, userId, refund))) throw new DomainError('CLAIM_NOT_ALLOWED');
      await tx
        .update(refunds)
        .set({ status: 'claimed', claimedByUserId: userId, claimedAt: new Date() })
        .where(eq(refunds.id, refund.id));
      await creditClaim(tx, jobs, refund, userId);
      await deps.onClaimed?.(tx, userId);
      claimedNow = true;
      for (const hold of await timedHolds(tx, refundId)) {
        await jobs.sendIn(
          tx,
          RELEASE_HOLD_QUEUE,
          { refundId, returnId: hold.id },
          { startAfter: hold.at, singletonKey: hold.id },
        );
      }
    },
    { conflicts: true, connectionLoss: true },
  );
  const rows = (await returnsOf(db, [refundId])).get(refundId) ?? [];
  const claimedCents = rows.reduce((sum, r) => sum + r.amountCents, 0);
  if (claimedNow) deps.afterClaim?.(userId, claimedCents);
  return {
    refund_uuid: refundId,
    returns: rows.map((r) => ({ return_uuid: r.id, amountInCents: r.amountCents })),
  };
}
