import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Refund } from '@refund/contracts/refunds';
import type { Db } from '../../db/database';
import { merchants, refunds } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { customerRefundView, returnsOf } from './refund-views';

/** The refunds a customer claimed, newest first, by keyset pagination on (claimed_at, id). */
export async function listClaimedRefunds(
  db: Db,
  userId: string,
  limit: number,
  cursor: string | undefined,
): Promise<{ data: Refund[]; next_cursor: string | null }> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db
    .select({ refund: refunds, merchantName: merchants.name })
    .from(refunds)
    .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
    .where(
      and(
        eq(refunds.claimedByUserId, userId),
        after
          ? or(
              lt(refunds.claimedAt, after.at),
              and(eq(refunds.claimedAt, after.at), lt(refunds.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(refunds.claimedAt), desc(refunds.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const returns = await returnsOf(
    db,
    page.map((r) => r.refund.id),
  );
  const last = page.at(-1);
  return {
    data: page.map((r) =>
      customerRefundView(r.refund, r.merchantName, returns.get(r.refund.id) ?? []),
    ),
    next_cursor:
      rows.length > limit && last?.refund.claimedAt
        ? encodeCursor(last.refund.claimedAt, last.refund.id)
        : null,
  };
}

/** One claimed refund; someone else's answers exactly like one that does not exist. */
export async function claimedRefund(db: Db, userId: string, refundId: string): Promise<Refund> {
  const [row] = await db
    .select({ refund: refunds, merchantName: merchants.name })
    .from(refunds)
    .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
    .where(and(eq(refunds.id, refundId), eq(refunds.claimedByUserId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'No refund with this id.');
  const returns = await returnsOf(db, [row.refund.id]);
  return customerRefundView(row.refund, row.merchantName, returns.get(row.refund.id) ?? []);
}
