import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementLineKinds, type StatementLine } from '@refund/contracts/wallet';
import { openDatabase, type Database } from '../src/db/database';
import {
  customerAvailable,
  customerBonus,
  customerHeld,
  merchantFunding,
  postTransfer,
  systemAccount,
  systemShard,
  type Posting,
} from '../src/features/ledger/ledger';
import { walletBalance } from '../src/features/wallet/wallet-balance';
import { walletStatement } from '../src/features/wallet/wallet-statement';
import { seededCustomer } from './support/history-seed';
import { expectLedgerBalanced, newMerchant } from './support/refund-fixtures';

/**
 * The statement's pages are read backwards along the customer's accounts a few pages of entries
 * at a time. Whatever the history holds (moves between their own accounts that make no line,
 * transfers with entries on two of their accounts, lines far apart), walking its pages must give
 * exactly the lines the whole history grouped in one statement gives, in the same order, each
 * once, summing to the balance.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ url: process.env.TEST_DATABASE_URL, poolSize: 2 });
}, 60_000); // Opens and migrates a database of its own.
afterAll(() => database.close());

/** A small deterministic generator, so a failing history can be made again. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/** Every line, page by page, through the unfiltered walk or the one-statement filtered path. */
async function allLines(userId: string, limit: number, filtered: boolean) {
  const lines: StatementLine[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 10_000; pages += 1) {
    const page = await walletStatement(
      database.db,
      userId,
      limit,
      cursor,
      filtered ? statementLineKinds : undefined,
    );
    lines.push(...page.data);
    if (!page.next_cursor) return lines;
    cursor = page.next_cursor;
  }
  throw new Error('the statement never ended');
}

describe('statement pages over a long, mixed history', () => {
  it.each([1, 2])(
    'walks to the same lines as the whole history gives (seed %i)',
    async (seed) => {
      const next = random(seed);
      const merchant = await newMerchant(database.db);
      const customer = await seededCustomer(database.db, `pages.${seed}.${crypto.randomUUID()}`);
      const { id: userId } = customer;
      let available = 0;
      let held = 0;
      const lines = { made: 0 };
      for (let n = 0; n < 400; n += 1) {
        const amount = 1 + next(500);
        let kind: string;
        let postings: Posting[];
        const choice = next(10);
        if (choice < 3 || available < amount) {
          // A claim, part of it held: entries on two of their accounts in one transfer.
          const part = next(2) === 0 ? 0 : Math.min(amount - 1, next(100));
          kind = 'refund_claim';
          postings = [
            { account: merchantFunding(merchant.id), amountCents: -amount },
            { account: customerAvailable(userId), amountCents: amount - part },
            ...(part > 0 ? [{ account: customerHeld(userId), amountCents: part }] : []),
          ];
          available += amount - part;
          held += part;
          lines.made += 1;
        } else if (choice < 6) {
          // A hold placed or released: between their own accounts, no line.
          const toHeld = held === 0 || next(2) === 0;
          const moved = toHeld ? amount : Math.min(held, amount);
          kind = 'hold';
          postings = [
            { account: customerAvailable(userId), amountCents: toHeld ? -moved : moved },
            { account: customerHeld(userId), amountCents: toHeld ? moved : -moved },
          ];
          available += toHeld ? -moved : moved;
          held += toHeld ? moved : -moved;
        } else if (choice < 8) {
          kind = 'payout';
          postings = [
            { account: customerAvailable(userId), amountCents: -amount },
            { account: systemShard('payouts_in_transit', userId), amountCents: amount },
          ];
          available -= amount;
          lines.made += 1;
        } else {
          kind = 'bonus';
          postings = [
            { account: systemAccount('bonus_expense'), amountCents: -amount },
            { account: customerBonus(userId), amountCents: amount },
          ];
          lines.made += 1;
        }
        await database.db.transaction((tx) =>
          postTransfer(tx, { idempotencyKey: `pages:${seed}:${userId}:${n}`, kind, postings }),
        );
      }

      const whole = await allLines(userId, 1_000, true);
      expect(whole).toHaveLength(lines.made);
      // The bonus counts while it lives: give it a last day ahead.
      const { total_in_cents } = await walletBalance(database.db, userId, {
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      expect(whole.reduce((sum, line) => sum + line.amount_in_cents, 0)).toBe(total_in_cents);
      for (const limit of [1, 7, 33, 100]) {
        expect(await allLines(userId, limit, false)).toEqual(whole);
      }
      await expectLedgerBalanced(database.db);
    },
    120_000,
  ); // 400 transfers, then the history read page by page at four sizes.
});
