import { eq } from 'drizzle-orm';
import type { ClaimRefundResponse } from '@refund/contracts/refunds';
import type { Db } from '../../db/database';
import { refunds, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { JobQueue } from '../../jobs/job-queue';
import { enqueueWebhookDelivery } from '../webhooks/webhook-events';
import { creditClaim, timedHolds } from './refund-money';
import { returnsOf } from './refund-views';

export const RELEASE_HOLD_QUEUE = 'release-hold';

/**
 * Moves a refund into the wallet of a customer who holds the phone number or verified email the
 * merchant gave. Exactly once: parallel or repeated claims by the same customer answer the same
 * claim; anyone else learns nothing about it.
 */
export async function claimRefund(
  deps: { db: Db; jobs: JobQueue },
  userId: string,
  refundId: string,
): Promise<ClaimRefundResponse> {
  const { db } = deps;
  const effects = await db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund) throw new AppError('REFUND_NOT_CLAIMABLE');
    if (refund.status === 'claimed') {
      if (refund.claimedByUserId !== userId) throw new AppError('REFUND_NOT_CLAIMABLE');
      return { webhookEventIds: [] };
    }
    if (refund.status !== 'pending' || refund.expiresAt.getTime() <= Date.now()) {
      throw new AppError('REFUND_NOT_CLAIMABLE');
    }
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    const ownsPhone = !!refund.customerPhone && user?.phoneNumber === refund.customerPhone;
    const ownsEmail = !!user?.emailVerifiedAt && user.email === refund.customerEmail;
    if (!ownsPhone && !ownsEmail) throw new AppError('CLAIM_NOT_ALLOWED');
    await tx
      .update(refunds)
      .set({ status: 'claimed', claimedByUserId: userId, claimedAt: new Date() })
      .where(eq(refunds.id, refund.id));
    return creditClaim(tx, refund, userId);
  });
  await enqueueWebhookDelivery(deps.jobs, effects.webhookEventIds);
  for (const hold of await timedHolds(db, refundId)) {
    await deps.jobs.send(
      RELEASE_HOLD_QUEUE,
      { refundId, returnId: hold.id },
      { startAfter: hold.at, singletonKey: hold.id },
    );
  }
  const rows = (await returnsOf(db, [refundId])).get(refundId) ?? [];
  return {
    refund_uuid: refundId,
    returns: rows.map((r) => ({ return_uuid: r.id, amountInCents: r.amountCents })),
  };
}
