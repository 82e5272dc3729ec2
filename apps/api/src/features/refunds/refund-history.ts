import { and, desc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Refund, UnclaimedRefund } from '@refund/contracts/refunds';
import type { Db } from '../../db/database';
import { merchants, refunds, users } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { customerRefundView, returnsOf, walletCreditsOf } from './refund-views';
import { keysetPage, olderThan, pageLimit } from '../../db/keyset';

/** The customer's refunds: claimed into the wallet, or sent back to the original method. */
const takenBy = (userId: string) =>
  or(eq(refunds.claimedByUserId, userId), eq(refunds.originalMethodUserId, userId));

/**
 * Who took the refund, either way, as the history's index (refunds_taken_by_idx) spells it: a
 * refund is claimed or sent back, never both (refunds_taken_once), so this is takenBy.
 */
const takerOf = sql`coalesce(${refunds.claimedByUserId}, ${refunds.originalMethodUserId})`;

/** When the customer took the refund, either way: the history's order. */
const takenAt = sql<Date>`coalesce(${refunds.claimedAt}, ${refunds.originalMethodAt})`.mapWith(
  refunds.claimedAt,
);

/**
 * The refunds a customer claimed or sent back to the original payment method, newest first, by
 * keyset pagination on (the time they were taken, id).
 */
export async function listClaimedRefunds(
  db: Db,
  userId: string,
  limit: number,
  cursor: string | undefined,
): Promise<{ data: Refund[]; next_cursor: string | null }> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db
    .select({ refund: refunds, merchantName: merchants.name, takenAt })
    .from(refunds)
    .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
    .where(
      and(
        sql`${takerOf} = ${userId}`,
        // The row-value form, so the index bounds the scan at the cursor instead of filtering.
        olderThan(takenAt, refunds.id, after),
      ),
    )
    .orderBy(desc(takenAt), desc(refunds.id))
    .limit(pageLimit(limit));
  const { page, next_cursor } = keysetPage(rows, limit, (last) =>
    last.takenAt ? encodeCursor(last.takenAt, last.refund.id) : null,
  );
  const ids = page.map((r) => r.refund.id);
  const [returns, credits] = await Promise.all([returnsOf(db, ids), walletCreditsOf(db, ids)]);
  return {
    data: page.map((r) =>
      customerRefundView(
        r.refund,
        r.merchantName,
        returns.get(r.refund.id) ?? [],
        credits.get(r.refund.id) ?? null,
      ),
    ),
    next_cursor,
  };
}

/** One of the customer's refunds; someone else's answers exactly like one that does not exist. */
export async function claimedRefund(db: Db, userId: string, refundId: string): Promise<Refund> {
  const [row] = await db
    .select({ refund: refunds, merchantName: merchants.name })
    .from(refunds)
    .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
    .where(and(eq(refunds.id, refundId), takenBy(userId)));
  if (!row) throw new DomainError('NOT_FOUND', 'No refund with this id.');
  const [returns, credits] = await Promise.all([
    returnsOf(db, [row.refund.id]),
    walletCreditsOf(db, [row.refund.id]),
  ]);
  return customerRefundView(
    row.refund,
    row.merchantName,
    returns.get(row.refund.id) ?? [],
    credits.get(row.refund.id) ?? null,
  );
}

const UNCLAIMED_LIMIT = 20;

/**
 * Open refunds sent to the customer's phone or verified email (ADR 0011: an email the account
 * only typed matches nothing), newest first, for home: each can be claimed from its link.
 */
export async function unclaimedRefunds(
  db: Db,
  userId: string,
): Promise<{ data: UnclaimedRefund[] }> {
  const [user] = await db
    .select({
      phoneNumber: users.phoneNumber,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return { data: [] };
  const rows = await db
    .select({ refund: refunds, merchantName: merchants.name })
    .from(refunds)
    .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
    .where(
      and(
        eq(refunds.status, 'pending'),
        gt(refunds.expiresAt, sql`now()`),
        or(
          and(isNotNull(refunds.customerPhone), eq(refunds.customerPhone, user.phoneNumber)),
          user.emailVerifiedAt ? eq(refunds.customerEmail, user.email) : undefined,
        ),
      ),
    )
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(UNCLAIMED_LIMIT);
  return {
    data: rows.map(({ refund, merchantName }) => ({
      refund_uuid: refund.id,
      merchant_name: merchantName,
      order_number: refund.orderNumber,
      amount_in_cents: refund.amountCents,
      expires_at: refund.expiresAt.toISOString(),
    })),
  };
}
