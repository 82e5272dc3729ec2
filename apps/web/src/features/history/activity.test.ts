import { describe, expect, it } from 'vitest';
import { refund } from '../../../test/claim-fixtures';
import { cardTransaction } from '../../../test/transaction-fixtures';
import type { StatementLine } from '@refund/contracts/wallet';
import { mergeActivity } from './activity';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (day: number) => `2030-01-${String(day).padStart(2, '0')}T12:00:00.000Z`;
const refundOn = (day: number, n = day) => refund({ refund_uuid: uuid(n), claimed_at: at(day) });
const payoutOn = (day: number, n = day) =>
  cardTransaction({ transaction_id: uuid(100 + n), created_at: at(day) });

const moveOn = (day: number): StatementLine => ({
  id: uuid(200 + day),
  kind: 'cashback',
  amount_in_cents: 100,
  occurred_at: at(day),
  status: 'completed',
  refund: null,
  redemption: null,
});

const letter = { refund: 'R', redemption: 'P', movement: 'M' } as const;
const days = (merged: ReturnType<typeof mergeActivity>) =>
  merged.items.map((item) => `${letter[item.kind]}${new Date(item.at).getUTCDate()}`);

describe('Transaction History merges refunds and redemptions', () => {
  it('interleaves both lists newest first when both are complete', () => {
    const merged = mergeActivity(
      { items: [refundOn(9), refundOn(5), refundOn(1)], hasMore: false },
      { items: [payoutOn(8), payoutOn(3)], hasMore: false },
    );
    expect(days(merged)).toEqual(['R9', 'P8', 'R5', 'P3', 'R1']);
    expect(merged.next).toEqual([]);
  });

  it('holds back what an unfinished list could still come before, and asks that list next', () => {
    // Redemptions loaded down to day 6 and have more: a redemption from day 5 may be unloaded,
    // so refunds from day 6 and older wait.
    const merged = mergeActivity(
      { items: [refundOn(9), refundOn(6), refundOn(2)], hasMore: false },
      { items: [payoutOn(8), payoutOn(6)], hasMore: true },
    );
    expect(days(merged)).toEqual(['R9', 'P8', 'P6']);
    expect(merged.next).toEqual(['redemptions']);
  });

  it('asks the list whose horizon is newest when both have more', () => {
    const merged = mergeActivity(
      { items: [refundOn(9), refundOn(7)], hasMore: true },
      { items: [payoutOn(8), payoutOn(4)], hasMore: true },
    );
    expect(days(merged)).toEqual(['R9', 'P8', 'R7']);
    expect(merged.next).toEqual(['refunds']);
  });

  it('asks both when their horizons are the same moment', () => {
    const merged = mergeActivity(
      { items: [refundOn(7)], hasMore: true },
      { items: [payoutOn(7)], hasMore: true },
    );
    expect(merged.next.sort()).toEqual(['redemptions', 'refunds']);
  });

  it('shows every row exactly once however the pages arrive', () => {
    const allRefunds = [12, 11, 7, 6, 5, 2].map((d) => refundOn(d));
    const allPayouts = [10, 9, 8, 4, 3, 1].map((d) => payoutOn(d));
    const allMoves = [13, 8, 2].map((d) => moveOn(d));
    const loaded = { refunds: 2, redemptions: 2, movements: 1 };
    const shown: string[][] = [];
    for (let step = 0; step < 20; step += 1) {
      const merged = mergeActivity(
        { items: allRefunds.slice(0, loaded.refunds), hasMore: loaded.refunds < allRefunds.length },
        {
          items: allPayouts.slice(0, loaded.redemptions),
          hasMore: loaded.redemptions < allPayouts.length,
        },
        {
          items: allMoves.slice(0, loaded.movements),
          hasMore: loaded.movements < allMoves.length,
        },
      );
      shown.push(days(merged));
      if (merged.next.length === 0) break;
      for (const list of merged.next) loaded[list] += 2;
    }
    const final = shown.at(-1);
    expect(final).toEqual([
      'M13',
      'R12',
      'R11',
      'P10',
      'P9',
      // Rows of the same moment come in a fixed order: by kind, then id.
      'M8',
      'P8',
      'R7',
      'R6',
      'R5',
      'P4',
      'P3',
      'M2',
      'R2',
      'P1',
    ]);
    // Each step only adds rows below the ones shown: nothing already shown moves.
    for (let i = 1; i < shown.length; i += 1) {
      expect(shown[i]?.slice(0, shown[i - 1]?.length)).toEqual(shown[i - 1]);
    }
  });

  it('places a refund sent to the original payment method at that moment', () => {
    const sentBack = refund({
      refund_uuid: uuid(50),
      status: 'original_method',
      claimed_at: null,
      original_method_at: at(6),
    });
    const merged = mergeActivity(
      { items: [sentBack], hasMore: false },
      { items: [payoutOn(8), payoutOn(3)], hasMore: false },
    );
    expect(days(merged)).toEqual(['P8', 'R6', 'P3']);
  });
});
