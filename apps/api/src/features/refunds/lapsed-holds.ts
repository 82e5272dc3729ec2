import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/database';
import { refundReturns, refunds } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import { releaseReturn } from './refund-money';

/**
 * Fraud holds on refunds this customer claimed whose time is up but whose release job has not
 * moved the money yet (it runs at the deadline, give or take a poll). The refund history already
 * shows such a return as available; the balance and the redemption path treat it so too.
 */
export function lapsedHolds(db: Queryable, userId: string) {
  return db
    .select({
      refundId: refundReturns.refundId,
      returnId: refundReturns.id,
      holdCents: refundReturns.holdCents,
    })
    .from(refundReturns)
    .innerJoin(refunds, eq(refunds.id, refundReturns.refundId))
    .where(lapsedHoldOf(userId));
}

/** How many cents lapsedHolds holds, as SQL for a statement that reads the balance with it. */
export function lapsedHoldCents(db: Queryable, userId: string) {
  const cents = db
    .select({ cents: sql<string>`coalesce(sum(${refundReturns.holdCents}), 0)` })
    .from(refundReturns)
    .innerJoin(refunds, eq(refunds.id, refundReturns.refundId))
    .where(lapsedHoldOf(userId));
  return sql<string>`(${cents})`;
}

/** holdLapsed (refund-views.ts) in SQL, for the refunds this customer claimed. */
const lapsedHoldOf = (userId: string) =>
  and(
    eq(refunds.claimedByUserId, userId),
    eq(refundReturns.state, 'awaiting_fraud_check'),
    gt(refundReturns.holdCents, 0),
    lte(refundReturns.holdExpiresAt, sql`now()`),
  );

/**
 * Releases this customer's lapsed holds now, as their jobs would (the job finds them released
 * and changes nothing). Answers how many cents became available.
 */
export async function releaseLapsedHolds(
  db: Db,
  jobs: Pick<JobQueue, 'sendIn'>,
  userId: string,
): Promise<number> {
  let released = 0;
  for (const hold of await lapsedHolds(db, userId)) {
    await releaseReturn(db, jobs, {
      merchantId: null,
      refundId: hold.refundId,
      returnId: hold.returnId,
      cause: 'hold_expired',
    });
    released += hold.holdCents;
  }
  return released;
}
