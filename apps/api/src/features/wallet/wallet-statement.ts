import type { StatementLine, StatementLineKind, StatementPage } from '@refund/contracts/wallet';
import { and, desc, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  merchants,
  redemptions,
  refundReturns,
  refunds,
} from '../../db/schema';
import { decodeSeqCursor, encodeSeqCursor } from '../../http/cursor';
import { keysetPage, pageLimit } from '../../db/keyset';

/** The line kind each transfer kind that moves a customer's money makes (ADR 0031). */
const lineKindOf: Record<string, StatementLineKind> = {
  refund_claim: 'refund_claimed',
  fraud_reversal: 'refund_reversed',
  payout: 'redemption',
  payout_failed: 'redemption_returned',
  payout_returned: 'redemption_returned',
  cashback: 'cashback',
  earn_reward: 'brand_reward',
  bonus: 'welcome_bonus',
  bonus_expired: 'welcome_bonus_expired',
  promotion: 'free_play',
};

const exactCreatedAt = sql<string>`to_char(${ledgerTransfers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const redemptionStatus = {
  pending: 'pending',
  succeeded: 'completed',
  failed: 'failed',
  returned: 'failed',
} as const;

/**
 * The customer's statement, newest first (in the order their entries were written), keyset-paged
 * on that order: every ledger transfer that changed the
 * sum of their accounts (available, held and bonus), as one line with its net amount on them,
 * and a redemption's fee as a line of its own. A transfer between their own accounts (a hold
 * released) changes no sum and makes no line. The lines of all pages sum to the balance.
 */
export async function walletStatement(
  db: Queryable,
  userId: string,
  limit: number,
  cursor: string | undefined,
  /** Only these kinds of line; every kind when absent. */
  kinds?: readonly StatementLineKind[],
  /** Only what happened from `from` (included) to `to` (excluded). */
  range?: { from: Date; to: Date },
): Promise<StatementPage> {
  const after = cursor ? decodeSeqCursor(cursor) : null;
  const wanted = kinds && kinds.length > 0 ? new Set(kinds) : null;
  // The transfers that make the lines asked for (a redemption's fee comes from its payout).
  const transferKinds = wanted
    ? Object.entries(lineKindOf)
        .filter(
          ([, line]) => wanted.has(line) || (line === 'redemption' && wanted.has('redemption_fee')),
        )
        .map(([transfer]) => transfer)
    : null;
  const theirs = db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, 'customer'), eq(ledgerAccounts.ownerId, userId)));
  const net = sql<string>`sum(${ledgerEntries.amountCents})`;
  // The order the customer's money moved in: entries are numbered as they are written.
  const last = sql<string>`max(${ledgerEntries.seq})`;
  const rows = await db
    .select({
      id: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      referenceKind: ledgerTransfers.referenceKind,
      referenceId: ledgerTransfers.referenceId,
      at: exactCreatedAt,
      net,
      seq: last,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(
      and(
        inArray(ledgerEntries.accountId, theirs),
        transferKinds ? inArray(ledgerTransfers.kind, transferKinds) : undefined,
        range ? gte(ledgerTransfers.createdAt, range.from) : undefined,
        range ? lt(ledgerTransfers.createdAt, range.to) : undefined,
      ),
    )
    .groupBy(ledgerTransfers.id)
    .having(after === null ? sql`${net} <> 0` : sql`${net} <> 0 and ${last} < ${after}`)
    .orderBy(desc(last))
    .limit(pageLimit(limit));
  const { page, next_cursor } = keysetPage(rows, limit, (end) => encodeSeqCursor(Number(end.seq)));

  const ids = (kind: string) =>
    page.filter((r) => r.referenceKind === kind && r.referenceId).map((r) => r.referenceId ?? '');
  const payouts = page.filter((r) => r.kind === 'payout').map((r) => r.id);
  const [fees, theirRedemptions, theirRefunds] = await Promise.all([
    payouts.length === 0
      ? []
      : db
          .select({
            transferId: ledgerEntries.transferId,
            cents: sql<string>`sum(${ledgerEntries.amountCents})`,
          })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .where(
            and(
              inArray(ledgerEntries.transferId, payouts),
              eq(ledgerAccounts.ownerType, 'system'),
              like(ledgerAccounts.kind, 'fee_revenue:%'),
            ),
          )
          .groupBy(ledgerEntries.transferId),
    ids('redemption').length === 0
      ? []
      : db
          .select({ id: redemptions.id, mode: redemptions.mode, status: redemptions.status })
          .from(redemptions)
          .where(and(inArray(redemptions.id, ids('redemption')), eq(redemptions.userId, userId))),
    ids('refund').length + ids('refund_return').length === 0
      ? []
      : refundsOf(db, ids('refund'), ids('refund_return')),
  ]);
  const feeOf = new Map(fees.map((f) => [f.transferId, Number(f.cents)]));
  const redemptionOf = new Map(theirRedemptions.map((r) => [r.id, r]));
  const refundOf = new Map(theirRefunds.map((r) => [r.referenceId, r]));

  const data = page.flatMap((row): StatementLine[] => {
    const kind = lineKindOf[row.kind];
    // A transfer kind the statement does not know is a defect, found by the ledger check and the
    // statement's tests; its money still counts, so the statement is never short of it.
    if (!kind) throw new Error(`the statement has no line for transfers of kind ${row.kind}`);
    const redemption =
      row.referenceKind === 'redemption' ? redemptionOf.get(row.referenceId ?? '') : undefined;
    const refund = refundOf.get(row.referenceId ?? '');
    const line: StatementLine = {
      id: row.id,
      kind,
      amount_in_cents: Number(row.net),
      occurred_at: row.at,
      status:
        kind === 'redemption' && redemption ? redemptionStatus[redemption.status] : 'completed',
      refund: refund ? { id: refund.id, merchant_name: refund.merchantName } : null,
      redemption: redemption ? { id: redemption.id, mode: redemption.mode } : null,
    };
    const fee = feeOf.get(row.id) ?? 0;
    if (kind !== 'redemption' || fee <= 0) return [line];
    // The fee is the customer's money too, taken with the redemption: a line of its own.
    return [
      { ...line, amount_in_cents: line.amount_in_cents + fee },
      { ...line, id: `${row.id}:fee`, kind: 'redemption_fee', amount_in_cents: -fee },
    ];
  });
  return { data: wanted ? data.filter((line) => wanted.has(line.kind)) : data, next_cursor };
}

/** The refunds the lines are about, by the refund's id or one of its returns' ids. */
async function refundsOf(db: Queryable, refundIds: string[], returnIds: string[]) {
  const [byRefund, byReturn] = await Promise.all([
    refundIds.length === 0
      ? []
      : db
          .select({ referenceId: refunds.id, id: refunds.id, merchantName: merchants.name })
          .from(refunds)
          .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
          .where(inArray(refunds.id, refundIds)),
    returnIds.length === 0
      ? []
      : db
          .select({ referenceId: refundReturns.id, id: refunds.id, merchantName: merchants.name })
          .from(refundReturns)
          .innerJoin(refunds, eq(refunds.id, refundReturns.refundId))
          .innerJoin(merchants, eq(merchants.id, refunds.merchantId))
          .where(inArray(refundReturns.id, returnIds)),
  ]);
  return [...byRefund, ...byReturn];
}

/** The sum of the customer's accounts just before `at`: a statement's opening balance. */
export async function balanceBefore(db: Queryable, userId: string, at: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerAccounts.ownerType, 'customer'),
        eq(ledgerAccounts.ownerId, userId),
        lt(ledgerTransfers.createdAt, at),
      ),
    );
  return Number(row?.cents ?? 0);
}
