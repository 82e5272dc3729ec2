import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { vaultCards } from '../../db/schema';
import { createSealedBox } from '../../jobs/sealed-box';

/**
 * The only module that sees a card number after it arrives. It seals the number (AES-256-GCM)
 * under a key of its own and hands out an opaque token; the rest of the system keeps the token,
 * the brand, the funding type and the last four digits. The CVV never reaches it.
 */
export function createCardVault(db: Queryable, key: string) {
  const box = createSealedBox(`card-vault:${key}`);
  return {
    /**
     * Seals the number in the caller's transaction, so it commits with the card that uses it and
     * a failure leaves no sealed number behind.
     */
    async store(tx: Queryable, cardNumber: string): Promise<string> {
      const token = `tok_${randomBytes(18).toString('base64url')}`;
      await tx.insert(vaultCards).values({ token, sealedNumber: box.seal(cardNumber) });
      return token;
    },
    /** For the payout adapter alone, at the moment it pushes money to the card. */
    async reveal(token: string): Promise<string | null> {
      const [row] = await db.select().from(vaultCards).where(eq(vaultCards.token, token));
      // A shredded number (its account closed) opens to nothing.
      return row?.sealedNumber ? box.open<string>(row.sealedNumber) : null;
    },
    /**
     * For a statement of the payout's that reads the sealed number along with its own rows, to
     * save a round trip: the sealed number of the card whose token is `token` (an expression).
     * Only `open` can read what it yields.
     */
    sealedNumberOf(token: SQLWrapper): SQL {
      return sql`(select ${vaultCards.sealedNumber} from ${vaultCards} where ${vaultCards.token} = ${token})`;
    },
    /** The card number in what sealedNumberOf yielded. */
    open(sealed: unknown): string | null {
      return typeof sealed === 'string' && sealed !== '' ? box.open<string>(sealed) : null;
    },
  };
}

export type CardVault = ReturnType<typeof createCardVault>;
