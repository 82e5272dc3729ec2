import { and, desc, eq, isNull, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  cardBrand,
  DEBIT_CARD_RULE,
  type AddCardRequest,
  type Card,
} from '@refund/contracts/cards';
import type { Db, Queryable } from '../../db/database';
import { cards } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { CardPayouts } from '../../providers/ports';
import { noAuditContext, recordAudit, type AuditContext } from '../auth/audit';
import { hasAddress } from '../auth/addresses';
import type { CardVault } from './card-vault';

type CardRow = typeof cards.$inferSelect;

export const cardView = (row: CardRow): Card => ({
  card_uuid: row.id,
  brand: row.brand,
  funding: row.funding,
  last4: row.last4,
  expiry_month: row.expiryMonth,
  expiry_year: row.expiryYear,
  name_on_card: row.nameOnCard,
  created_at: row.createdAt.toISOString(),
});

/** What adding a card stores, by name (an audit event never holds the values). */
const CARD_FIELDS = ['brand', 'last4', 'expiry', 'name_on_card'] as const;

/** The customer's debit cards. Card numbers go straight to the vault; the CVV goes nowhere. */
export function createCards(deps: { db: Db; vault: CardVault; payouts: CardPayouts }) {
  return {
    async add(
      userId: string,
      input: { card_number: string; expiry: string; name_on_card: string },
      context: AuditContext = noAuditContext,
    ): Promise<Card> {
      if (!(await hasAddress(deps.db, userId))) throw new DomainError('ADDRESS_REQUIRED');
      const brand = cardBrand(input.card_number);
      if (brand !== 'visa' && brand !== 'mastercard')
        throw new DomainError('CARD_NOT_SUPPORTED', DEBIT_CARD_RULE);
      if ((await deps.payouts.fundingOf(input.card_number)) !== 'debit') {
        throw new DomainError('CARD_NOT_SUPPORTED', DEBIT_CARD_RULE);
      }
      const [mm, yy] = input.expiry.split('/') as [string, string];
      // The sealed number and the card commit together: a failure leaves neither behind.
      const row = await deps.db.transaction(async (tx) => {
        const token = await deps.vault.store(tx, input.card_number);
        const [inserted] = await tx
          .insert(cards)
          .values({
            userId,
            vaultToken: token,
            brand,
            funding: 'debit',
            last4: input.card_number.slice(-4),
            expiryMonth: Number(mm),
            expiryYear: yy.length === 2 ? 2000 + Number(yy) : Number(yy),
            nameOnCard: input.name_on_card,
          })
          .returning();
        if (inserted) await recordAudit(tx, userId, 'card_added', CARD_FIELDS, context);
        return inserted;
      });
      if (!row) throw new Error('card not stored');
      return cardView(row);
    },

    async list(userId: string): Promise<Card[]> {
      const rows = await deps.db
        .select()
        .from(cards)
        .where(and(eq(cards.userId, userId), isNull(cards.removedAt)))
        .orderBy(desc(cards.createdAt));
      return rows.map(cardView);
    },

    /**
     * Hides the card from lists and new redemptions. A payout already on its way keeps its
     * destination, and the history still shows the card it went to. Someone else's card, or one
     * removed already, is not found.
     */
    async remove(
      userId: string,
      cardId: string,
      context: AuditContext = noAuditContext,
    ): Promise<void> {
      const removed = await deps.db.transaction(async (tx) => {
        const rows = await tx
          .update(cards)
          .set({ removedAt: new Date() })
          .where(and(eq(cards.id, cardId), eq(cards.userId, userId), isNull(cards.removedAt)))
          .returning({ id: cards.id });
        if (rows.length > 0) await recordAudit(tx, userId, 'card_removed', [], context);
        return rows.length > 0;
      });
      if (!removed) throw new DomainError('NOT_FOUND', 'No card with this id.');
    },
  };
}

export type Cards = ReturnType<typeof createCards>;

/** A card of this customer that can still be paid to; anyone else's answers not found. */
/**
 * The rule for a card money can be paid to: the customer's own, and not removed. Written once;
 * usableCard reads it, and so does a statement that checks many redemptions at once.
 */
export const usableCardWhere = (userId: string | SQLWrapper, cardId: string | SQLWrapper): SQL =>
  and(eq(cards.id, cardId), eq(cards.userId, userId), isNull(cards.removedAt)) as SQL;

export async function usableCard(db: Queryable, userId: string, cardId: string): Promise<CardRow> {
  const [row] = await db.select().from(cards).where(usableCardWhere(userId, cardId));
  if (!row) throw new DomainError('NOT_FOUND', 'No card with this id.');
  return row;
}

export type { AddCardRequest };
