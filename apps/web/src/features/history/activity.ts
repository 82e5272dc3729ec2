import type { Refund } from '@refund/contracts/refunds';
import type { Transaction } from '@refund/contracts/redemptions';
import type { StatementLine } from '@refund/contracts/wallet';

/**
 * Transaction History shows refunds (money in), redemptions (money out) and every other movement
 * of the wallet's money (cashback, rewards, bonuses, free play, payouts given back: the
 * statement's other lines) in one list, newest first. Each comes from its own keyset-paged list;
 * this merges the pages loaded so far.
 *
 * A list with more pages hides what is older than the last row it loaded (its horizon): an
 * unloaded row of it could come before them. So the merged list shows only rows newer than the
 * horizon of every other list that has more, and "Load more" asks the list whose horizon holds
 * the merged list back.
 */
export type ActivityItem =
  | { kind: 'refund'; at: string; id: string; refund: Refund }
  | { kind: 'redemption'; at: string; id: string; transaction: Transaction }
  | { kind: 'movement'; at: string; id: string; line: StatementLine };

export type ActivityListName = 'refunds' | 'redemptions' | 'movements';

export interface LoadedList<T> {
  items: readonly T[];
  hasMore: boolean;
}

export interface MergedActivity {
  items: ActivityItem[];
  /** Which lists to ask for their next page for the merged list to show more; empty when all is shown. */
  next: ActivityListName[];
}

/** When a refund entered the wallet (claimed) or was sent back to the original payment method. */
export const refundTime = (refund: Refund): string =>
  refund.claimed_at ?? refund.original_method_at ?? '';

const toRefundItem = (refund: Refund): ActivityItem => ({
  kind: 'refund',
  at: refundTime(refund),
  id: refund.refund_uuid,
  refund,
});

const toRedemptionItem = (transaction: Transaction): ActivityItem => ({
  kind: 'redemption',
  at: transaction.created_at,
  id: transaction.transaction_id,
  transaction,
});

const toMovementItem = (line: StatementLine): ActivityItem => ({
  kind: 'movement',
  at: line.occurred_at,
  id: line.id,
  line,
});

const time = (iso: string) => Date.parse(iso);

/** Newest first; equal times in a fixed order (kind, then id), as each list orders its own. */
function newestFirst(a: ActivityItem, b: ActivityItem): number {
  return (
    time(b.at) - time(a.at) ||
    a.kind.localeCompare(b.kind) ||
    (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
  );
}

export function mergeActivity(
  refunds: LoadedList<Refund>,
  redemptions: LoadedList<Transaction>,
  movements: LoadedList<StatementLine> = { items: [], hasMore: false },
): MergedActivity {
  const lists: { name: ActivityListName; items: ActivityItem[]; hasMore: boolean }[] = [
    { name: 'refunds', items: refunds.items.map(toRefundItem), hasMore: refunds.hasMore },
    {
      name: 'redemptions',
      items: redemptions.items.map(toRedemptionItem),
      hasMore: redemptions.hasMore,
    },
    { name: 'movements', items: movements.items.map(toMovementItem), hasMore: movements.hasMore },
  ];
  // The time below which a list with more pages may still hold unseen rows.
  const horizons = lists.map((list) => {
    const last = list.items.at(-1);
    if (!list.hasMore) return null;
    return last ? time(last.at) : Number.POSITIVE_INFINITY;
  });

  const items = lists
    .flatMap((list, index) =>
      list.items.filter((item) =>
        horizons.every(
          (horizon, other) => other === index || horizon === null || time(item.at) > horizon,
        ),
      ),
    )
    .sort(newestFirst);

  // Ask the lists whose horizon is the newest: they are what holds the merged list back.
  const pending = horizons.filter((h): h is number => h !== null);
  const newest = pending.length > 0 ? Math.max(...pending) : null;
  const next = lists
    .filter((_, index) => newest !== null && horizons[index] === newest)
    .map((list) => list.name);
  return { items, next };
}
