import type { StatementLine, StatementLineKind, StatementPage } from '@refund/contracts/wallet';
import { and, desc, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { resultRows } from '../../db/statement';
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
  const rows =
    transferKinds || range
      ? await filteredLines(db, userId, limit, after, transferKinds, range)
      : await newestLines(db, userId, limit, after);
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

/** What a statement line is made from: one transfer, its net on the customer's accounts. */
const lineColumns = {
  id: ledgerTransfers.id,
  kind: ledgerTransfers.kind,
  referenceKind: ledgerTransfers.referenceKind,
  referenceId: ledgerTransfers.referenceId,
  at: exactCreatedAt,
  net: sql<string>`sum(${ledgerEntries.amountCents})`,
  // The order the customer's money moved in: entries are numbered as they are written.
  seq: sql<string>`max(${ledgerEntries.seq})`,
};
type LineRow = {
  id: string;
  kind: string;
  referenceKind: string | null;
  referenceId: string | null;
  at: string;
  net: string;
  seq: string;
};

const customerAccounts = (db: Queryable, userId: string) =>
  db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, 'customer'), eq(ledgerAccounts.ownerId, userId)));

/**
 * A page of the whole statement (no filter), read from the newest entry backwards along each of
 * the customer's accounts' (account, seq) index, a few pages' worth of entries at a time, so a
 * page costs the same at the top of a million-line history as of a short one. A transfer's line
 * stands at its newest entry on their accounts, and its net is summed over all its entries there
 * (one may lie beyond the entries read), so every transfer whose newest entry was read is whole.
 */
async function newestLines(
  db: Queryable,
  userId: string,
  limit: number,
  after: number | null,
): Promise<LineRow[]> {
  const accounts = (await customerAccounts(db, userId)).map((a) => a.id);
  if (accounts.length === 0) return [];
  const wanted = pageLimit(limit);
  const chunk = Math.max(64, wanted * 2);
  const found: LineRow[] = [];
  let below = after;
  for (;;) {
    const bound = below === null ? sql`` : sql`and ${ledgerEntries.seq} < ${below}`;
    const entries = resultRows<{ transfer_id: string; seq: string }>(
      await db.execute(sql`
        select e.transfer_id, e.seq
        from unnest(array[${sql.join(
          accounts.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]) as account(id)
        cross join lateral (
          select ${ledgerEntries.transferId} as transfer_id, ${ledgerEntries.seq} as seq
          from ${ledgerEntries}
          where ${ledgerEntries.accountId} = account.id ${bound}
          order by ${ledgerEntries.seq} desc
          limit ${chunk}
        ) e
        order by e.seq desc
        limit ${chunk}`),
    );
    if (entries.length === 0) break;
    const lowest = Number(entries[entries.length - 1]?.seq);
    const lines = await db
      .select(lineColumns)
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(
        and(
          inArray(ledgerEntries.transferId, [...new Set(entries.map((e) => e.transfer_id))]),
          inArray(ledgerEntries.accountId, accounts),
        ),
      )
      .groupBy(ledgerTransfers.id);
    for (const line of lines) {
      const seq = Number(line.seq);
      // Lines at or above the cursor were on an earlier page; every one below `lowest` is
      // whole only once its newest entry is read, in a later round.
      if (Number(line.net) !== 0 && seq >= lowest && (below === null || seq < below)) {
        found.push(line);
      }
    }
    if (found.length >= wanted || entries.length < chunk) break;
    below = lowest;
  }
  return found.sort((a, b) => Number(b.seq) - Number(a.seq)).slice(0, wanted);
}

/**
 * A page of the statement's lines of some kinds or of a time range (a month's statement): the
 * customer's transfers, grouped, filtered and ordered in one statement.
 */
async function filteredLines(
  db: Queryable,
  userId: string,
  limit: number,
  after: number | null,
  transferKinds: string[] | null,
  range: { from: Date; to: Date } | undefined,
): Promise<LineRow[]> {
  const net = lineColumns.net;
  const last = lineColumns.seq;
  return db
    .select(lineColumns)
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(
      and(
        inArray(ledgerEntries.accountId, customerAccounts(db, userId)),
        transferKinds ? inArray(ledgerTransfers.kind, transferKinds) : undefined,
        range ? gte(ledgerTransfers.createdAt, range.from) : undefined,
        range ? lt(ledgerTransfers.createdAt, range.to) : undefined,
      ),
    )
    .groupBy(ledgerTransfers.id)
    .having(after === null ? sql`${net} <> 0` : sql`${net} <> 0 and ${last} < ${after}`)
    .orderBy(desc(last))
    .limit(pageLimit(limit));
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
