import { and, eq, sql } from 'drizzle-orm';
import type { WalletBalance } from '@refund/contracts/wallet';
import type { Queryable } from '../../db/database';
import { ledgerAccounts } from '../../db/schema';
import { lapsedHoldCents } from '../refunds/lapsed-holds';

/**
 * The customer's balance, read from their ledger accounts (integer cents): available, pending
 * (held) and bonus (spend-only, until its last day) apart, and their sum. A fraud hold whose
 * time is up counts as available although its release job may not have moved it yet: the
 * refund history shows it available, and a redemption releases it when it needs the money.
 */
export async function walletBalance(
  db: Queryable,
  userId: string,
  bonus: { expiresAt: Date } | null = null,
  now = new Date(),
): Promise<WalletBalance> {
  // One statement, so the ledger and the holds are read at the same moment.
  const balance = (kind: string) =>
    sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}) filter (where ${ledgerAccounts.kind} = ${kind}), 0)`;
  const [row] = await db
    .select({
      available: balance('available'),
      held: balance('held'),
      bonus: balance('bonus'),
      lapsing: lapsedHoldCents(db, userId),
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, 'customer'), eq(ledgerAccounts.ownerId, userId)));
  const lapsing = Number(row?.lapsing ?? 0);
  const available = Number(row?.available ?? 0) + lapsing;
  const pending = Number(row?.held ?? 0) - lapsing;
  // A bonus past its last day can no longer be spent; its job moves it back soon after.
  const live = bonus !== null && now.getTime() < bonus.expiresAt.getTime();
  const bonusCents = live ? Number(row?.bonus ?? 0) : 0;
  return {
    available_in_cents: available,
    pending_in_cents: pending,
    bonus_in_cents: bonusCents,
    bonus_expires_at: live && bonusCents > 0 ? bonus.expiresAt.toISOString() : null,
    total_in_cents: available + pending + bonusCents,
  };
}
