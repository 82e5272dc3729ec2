import {
  cashbackCents,
  denominationProblem,
  GIFT_CARD_QUOTE_SECONDS,
  type GiftCardQuote,
  type GiftCardQuoteRequest,
  type GiftCardValue,
} from '@refund/contracts/brands';
import { and, count, eq, gt, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { giftcardOrders, giftcardQuotes } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import { denominationsOf, findBrand, type BrandRow } from './brands';

/** Whether the brand can be bought now: offered by the product and live at the issuer. */
export const orderable = (brand: BrandRow) =>
  brand.isListed && brand.isEnabled && brand.state === 'live';

/** Quotes one customer may ask for in an hour: more than any real shopping, few enough to keep. */
const QUOTES_PER_HOUR = 60;

/**
 * Price-locked quotes (ADR 0017): the brand must be orderable and the amount one it takes; the
 * cashback is worked out now, at the brand's current rate, and held for GIFT_CARD_QUOTE_SECONDS.
 */
export function createGiftCardQuotes(
  db: Db,
  /** The brand's own earn-rewards reward, in basis points; 0 without an offer. */
  rewardBpsOf: (providerBrandId: string) => number = () => 0,
) {
  /**
   * The brand, when a card of this amount can be bought now, and what that card is worth: the
   * one working-out behind both a quote and the value the amount screen shows. The brand's
   * earn-rewards reward is paid on every gift card of it, bought on any path (ADR 0030).
   */
  async function valueOf(brandId: string, amountCents: number) {
    const brand = await findBrand(db, brandId);
    if (!orderable(brand)) throw new DomainError('BRAND_UNAVAILABLE');
    const problem = denominationProblem(denominationsOf(brand), amountCents);
    if (problem) throw new DomainError(problem);
    const cashback = cashbackCents(amountCents, brand.cashbackBps);
    const rewardBps = rewardBpsOf(brand.providerBrandId);
    const reward = cashbackCents(amountCents, rewardBps);
    const value: GiftCardValue = {
      brand_id: brand.id,
      amount_in_cents: amountCents,
      cashback_bps: brand.cashbackBps,
      cashback_in_cents: cashback,
      reward_bps: rewardBps,
      reward_in_cents: reward,
      total_value_in_cents: amountCents + cashback + reward,
    };
    return value;
  }

  return {
    /** What a card of this amount is worth now, as a quote would lock it; nothing is stored. */
    value: valueOf,

    async create(userId: string, request: GiftCardQuoteRequest): Promise<GiftCardQuote> {
      const value = await valueOf(request.brand_id, request.amount_in_cents);
      const [recent] = await db
        .select({ n: count() })
        .from(giftcardQuotes)
        .where(
          and(
            eq(giftcardQuotes.userId, userId),
            gt(giftcardQuotes.createdAt, new Date(Date.now() - 3_600_000)),
          ),
        );
      if ((recent?.n ?? 0) >= QUOTES_PER_HOUR) {
        throw new DomainError(
          'RATE_LIMITED',
          'You asked for many gift card offers in a short time. Please try again later.',
        );
      }
      const [quote] = await db
        .insert(giftcardQuotes)
        .values({
          userId,
          brandId: value.brand_id,
          amountCents: value.amount_in_cents,
          cashbackBps: value.cashback_bps,
          cashbackCents: value.cashback_in_cents,
          rewardBps: value.reward_bps,
          rewardCents: value.reward_in_cents,
          expiresAt: new Date(Date.now() + GIFT_CARD_QUOTE_SECONDS * 1000),
        })
        .returning();
      if (!quote) throw new Error('quote not stored');
      return {
        quote_id: quote.id,
        brand_id: quote.brandId,
        amount_in_cents: quote.amountCents,
        cashback_bps: quote.cashbackBps,
        cashback_in_cents: quote.cashbackCents,
        reward_bps: quote.rewardBps,
        reward_in_cents: quote.rewardCents,
        total_value_in_cents: quote.amountCents + quote.cashbackCents + quote.rewardCents,
        expires_at: quote.expiresAt.toISOString(),
      };
    },
  };
}

export type GiftCardQuotes = ReturnType<typeof createGiftCardQuotes>;

/** Deletes quotes expired a day ago that were never bought with; answers how many. */
export async function deleteStaleQuotes(db: Db): Promise<number> {
  const deleted = await db
    .delete(giftcardQuotes)
    .where(
      and(
        lt(giftcardQuotes.expiresAt, sql`now() - interval '1 day'`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(giftcardOrders)
            .where(eq(giftcardOrders.quoteId, giftcardQuotes.id)),
        ),
      ),
    )
    .returning({ id: giftcardQuotes.id });
  return deleted.length;
}
