import { and, eq } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../../../db/database';
import { retryingConnectionLoss } from '../../../../db/sql-state';
import { runStatement } from '../../../../db/statement';
import { cardPayouts, cards } from '../../../../db/schema';
import type { CardPayouts } from '../../../../providers/ports';
import type { CardVault } from '../../../cards/card-vault';
import { usableCard, usableCardWhere } from '../../../cards/cards';
import type { PushHolder } from './push-holders';
import type {
  DestinationView,
  GroupCommit,
  PayoutOutcome,
  PayoutRecord,
  RecordedRedemption,
  RedemptionMethod,
} from '../../redemption-method';

/** A customer's debit card, as the pipeline carries it: its sealed number, or the number itself. */
export interface CardDestination {
  id: string;
  vaultToken?: string;
  /** Known when the card was read with the redemption's own statement (group commit). */
  cardNumber?: string | null;
}

export interface DebitCardDeps {
  db: Db;
  cardPayouts: Pick<CardPayouts, 'push'>;
  vault: CardVault;
  holder: PushHolder;
}

const brandOf = (brand: unknown): 'visa' | 'mastercard' | null =>
  brand === 'visa' || brand === 'mastercard' ? brand : null;

/** The card each payout went to, for the transaction history. */
const DESCRIBE_PAYOUTS = `select p.redemption_id as id, c.brand, c.last4
  from card_payouts p join cards c on c.id = p.card_id
  where p.redemption_id = any($1::uuid[])`;

const cardView = (brand: unknown, last4: unknown): DestinationView => ({
  kind: 'card',
  brand: brandOf(brand),
  bank_name: null,
  last4: typeof last4 === 'string' ? last4 : '',
});

/**
 * Instant payout to a Visa or Mastercard debit card (an original credit, pushed through the card
 * payout provider in the request). The push is in flight from the moment the redemption is
 * recorded, with this process as its holder (ADR 0012), until its answer is applied; a push that
 * got no answer is handed to the lookup job (card-push-checks.ts).
 */
export function createDebitCardMethod(
  deps: DebitCardDeps,
): RedemptionMethod<CardDestination> & { groupCommit: GroupCommit<CardDestination> } {
  const { db, holder } = deps;

  /** A card payout: the card, and this process as the holder of the push in flight. */
  const payout: PayoutRecord = {
    table: cardPayouts,
    row: (redemptionId, cardId) => ({ redemptionId, cardId, pushHolder: holder.id }),
  };

  /** No longer in flight with this process: handed to the lookup job. */
  async function letGo(redemptionId: string): Promise<void> {
    await retryingConnectionLoss(() =>
      db
        .update(cardPayouts)
        .set({ pushHolder: null })
        .where(
          and(eq(cardPayouts.redemptionId, redemptionId), eq(cardPayouts.pushHolder, holder.id)),
        ),
    );
  }

  async function describe(q: Queryable, ids: readonly string[]) {
    if (ids.length === 0) return new Map<string, DestinationView>();
    // One text for any number of ids (an array parameter), prepared once per connection: every
    // page of the transaction history asks this.
    const rows = await runStatement<{ id: string; brand: string; last4: string }>(
      q,
      DESCRIBE_PAYOUTS,
      [ids],
    );
    return new Map(rows.map((r): [string, DestinationView] => [r.id, cardView(r.brand, r.last4)]));
  }

  return {
    mode: 'debit',
    destinationKind: 'card',
    describesOnceForAll: true,
    inWords: 'a debit card',
    limits: { minCents: 100, maxCents: 250_000, feeRateBps: 150, wholeDollarsOnly: false },

    async destination(q, userId, cardId) {
      const card = await usableCard(q, userId, cardId);
      return { id: card.id, vaultToken: card.vaultToken };
    },

    async recordPayout(tx: Tx, redemption: RecordedRedemption, card: CardDestination) {
      await tx.insert(cardPayouts).values(payout.row(redemption.id, card.id) as never);
    },

    async execute(redemption, card): Promise<PayoutOutcome> {
      const cardNumber =
        card.cardNumber !== undefined
          ? card.cardNumber
          : card.vaultToken
            ? await deps.vault.reveal(card.vaultToken)
            : null;
      if (!cardNumber) return { status: 'failed', reason: 'The card is no longer available.' };
      try {
        const result = await deps.cardPayouts.push({
          cardNumber,
          amountCents: redemption.amountCents - redemption.feeCents,
          reference: redemption.id,
        });
        return result.status === 'succeeded' ? result : { status: 'failed', reason: result.reason };
      } catch {
        // No answer (timeout, outage): the payout may have gone through, so it is neither
        // failed nor retried blindly; the lookup job asks the provider for its answer.
        await letGo(redemption.id);
        return { status: 'unknown' };
      }
    },

    describe,

    around: (redemptionId, work) => holder.pushing(redemptionId, work),

    groupCommit: {
      destination: { table: cards, usable: usableCardWhere },
      read: {
        sealed: deps.vault.sealedNumberOf(cards.vaultToken),
        brand: cards.brand,
        last4: cards.last4,
      },
      found: (id, read) => ({
        destination: { id, cardNumber: deps.vault.open(read.sealed) },
        view: cardView(read.brand, read.last4),
      }),
      payout,
    },
  };
}
