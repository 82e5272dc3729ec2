import { and, eq, sql } from 'drizzle-orm';
import type { WalletBalance } from '@refund/contracts/wallet';
import type { Queryable } from '../../db/database';
import { ledgerAccounts } from '../../db/schema';
import { lapsedHoldCents } from '../refunds/lapsed-holds';

/**
 * The customer's balance, read from their ledger accounts (integer cents). A fraud hold whose
 * time is up counts as available although its release job may not have moved it yet: the
 * refund history shows it available, and a redemption releases it when it needs the money.
 */
export async function walletBalance(db: Queryable, userId: string): Promise<WalletBalance> {
  // One statement, so the ledger and the holds are read at the same moment.
  const balance = (kind: string) =>
    sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}) filter (where ${ledgerAccounts.kind} = ${kind}), 0)`;
  const [row] = await db
    .select({
      available: balance('available'),
      held: balance('held'),
      lapsing: lapsedHoldCents(db, userId),
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, 'customer'), eq(ledgerAccounts.ownerId, userId)));
  const lapsing = Number(row?.lapsing ?? 0);
  const available = Number(row?.available ?? 0) + lapsing;
  const pending = Number(row?.held ?? 0) - lapsing;
  return {
    available_in_cents: available,
    pending_in_cents: pending,
    total_in_cents: available + pending,
  };
}
