import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { vaultBankAccounts } from '../../db/schema';
import { createSealedBox } from '../../jobs/sealed-box';

/**
 * The only module that keeps a full bank account number. It seals the number (AES-256-GCM) under
 * a key of its own and hands out an opaque token; the rest of the system keeps the token and the
 * last four digits. Same approach as the card vault, under a separately derived key.
 */
export function createBankVault(db: Queryable, key: string) {
  const box = createSealedBox(`bank-vault:${key}`);
  return {
    /** Pass the caller's transaction so the number and the account that uses it commit together. */
    async store(accountNumber: string, tx: Queryable = db): Promise<string> {
      const token = `bat_${randomBytes(18).toString('base64url')}`;
      await tx.insert(vaultBankAccounts).values({ token, sealedNumber: box.seal(accountNumber) });
      return token;
    },
    /** For the ACH payout alone, at the moment it submits the credit. */
    async reveal(token: string): Promise<string | null> {
      const [row] = await db
        .select()
        .from(vaultBankAccounts)
        .where(eq(vaultBankAccounts.token, token));
      // A shredded number (its account closed) opens to nothing.
      return row?.sealedNumber ? box.open<string>(row.sealedNumber) : null;
    },
  };
}

export type BankVault = ReturnType<typeof createBankVault>;
