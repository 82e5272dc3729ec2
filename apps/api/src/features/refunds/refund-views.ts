import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MerchantRefund } from '@refund/contracts/merchant';
import type { Refund } from '@refund/contracts/refunds';
import type { Queryable } from '../../db/database';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  merchants,
  refundReturns,
  type refunds,
} from '../../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
export type ReturnRow = typeof refundReturns.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function returnsOf(
  db: Queryable,
  refundIds: string[],
): Promise<Map<string, ReturnRow[]>> {
  const byRefund = new Map<string, ReturnRow[]>();
  if (refundIds.length === 0) return byRefund;
  const rows = await db
    .select()
    .from(refundReturns)
    .where(inArray(refundReturns.refundId, refundIds))
    .orderBy(asc(refundReturns.refundId), asc(refundReturns.position));
  for (const row of rows) byRefund.set(row.refundId, [...(byRefund.get(row.refundId) ?? []), row]);
  return byRefund;
}

/**
 * What each refund's claim put into its customer's wallet, by refund id, read from the ledger
 * (the claim's transfer, found by its idempotency key): a refund with no entry put nothing in.
 */
export async function walletCreditsOf(
  db: Queryable,
  refundIds: string[],
): Promise<Map<string, number>> {
  const credits = new Map<string, number>();
  if (refundIds.length === 0) return credits;
  const rows = await db
    .select({
      refundId: ledgerTransfers.referenceId,
      cents: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        inArray(
          ledgerTransfers.idempotencyKey,
          refundIds.map((id) => `claim:${id}`),
        ),
        eq(ledgerAccounts.ownerType, 'customer'),
      ),
    )
    .groupBy(ledgerTransfers.referenceId);
  for (const row of rows) if (row.refundId) credits.set(row.refundId, Number(row.cents));
  return credits;
}

/** A fraud hold whose time is up is no longer held, whether or not its job has run yet. */
export const holdLapsed = (r: ReturnRow, now = Date.now()) =>
  r.state === 'awaiting_fraud_check' &&
  r.holdExpiresAt !== null &&
  r.holdExpiresAt.getTime() <= now;
const lapsed = (r: ReturnRow) => holdLapsed(r);

const returnView = (r: ReturnRow) => ({
  return_uuid: r.id,
  amount_in_cents: r.amountCents,
  description: r.description,
  state: lapsed(r) ? ('available' as const) : r.state,
  hold_amount_in_cents: lapsed(r) ? 0 : r.holdCents,
  hold_expires_at: lapsed(r) ? null : iso(r.holdExpiresAt),
});

export const claimUrl = (publicUrl: string, refundId: string) =>
  `${publicUrl.replace(/\/$/, '')}/claim/${refundId}`;

/** What a merchant sees of its refund: an allow-list of fields, never internal columns. */
export function merchantRefundView(
  refund: RefundRow,
  rows: ReturnRow[],
  publicUrl: string,
): MerchantRefund {
  return {
    refund_uuid: refund.id,
    claim_url: claimUrl(publicUrl, refund.id),
    status: refund.status,
    order_number: refund.orderNumber,
    description: refund.description,
    file_id: refund.fileId,
    amount_in_cents: refund.amountCents,
    customer: {
      first_name: refund.customerFirstName,
      last_name: refund.customerLastName,
      email: refund.customerEmail,
      phone_number: refund.customerPhone,
    },
    returns: rows.map(returnView),
    splash_file_key: refund.splashFileKey,
    logo_file_key: refund.logoFileKey,
    expires_at: refund.expiresAt.toISOString(),
    claimed_at: iso(refund.claimedAt),
    created_at: refund.createdAt.toISOString(),
  };
}

/** What the customer who claimed a refund, or sent it to the original method, sees of it. */
export function customerRefundView(
  refund: RefundRow,
  merchantName: string,
  rows: ReturnRow[],
  walletCreditCents: number | null,
): Refund {
  return {
    refund_uuid: refund.id,
    merchant_name: merchantName,
    order_number: refund.orderNumber,
    file_id: refund.fileId,
    description: refund.description,
    amount_in_cents: refund.amountCents,
    status: refund.status,
    claimed_at: iso(refund.claimedAt),
    original_method_at: iso(refund.originalMethodAt),
    wallet_credit_in_cents: walletCreditCents,
    returns: rows.map((r) => {
      const {
        return_uuid,
        amount_in_cents,
        description,
        state,
        hold_amount_in_cents,
        hold_expires_at,
      } = returnView(r);
      return {
        return_uuid,
        amount_in_cents,
        description,
        state,
        hold_amount_in_cents,
        hold_expires_at,
      };
    }),
  };
}

export async function merchantNameOf(db: Queryable, merchantId: string): Promise<string> {
  const [row] = await db
    .select({ name: merchants.name })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row?.name ?? '';
}
