import { and, eq } from 'drizzle-orm';
import type { WalletBalance } from '@refund/contracts/wallet';
import type { Queryable } from '../../db/database';
import { ledgerAccounts } from '../../db/schema';

/** The customer's balance, read from their ledger accounts (integer cents). */
export async function walletBalance(db: Queryable, userId: string): Promise<WalletBalance> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, 'customer'), eq(ledgerAccounts.ownerId, userId)));
  const of = (kind: string) => rows.find((row) => row.kind === kind)?.balance ?? 0;
  const available = of('available');
  const pending = of('held');
  return {
    available_in_cents: available,
    pending_in_cents: pending,
    total_in_cents: available + pending,
  };
}
