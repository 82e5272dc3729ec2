import {
  giftCardQuoteSchema,
  type GiftCardQuote,
  type GiftCardQuoteRequest,
} from '@refund/contracts/brands';
import type { RedemptionMode } from '@refund/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../lib/api-client';
import { sessionSlot } from '../../../lib/session-slot';
import type { RedemptionFlow } from '../redemption-flow';

/**
 * The modes that buy a gift card with a quote: a plain gift card, or one from a brand with an
 * earn-rewards offer (ADR 0024), whose quote also locks the brand's reward.
 */
export type GiftCardMode = Extract<RedemptionMode, 'giftcard' | 'earn_rewards'>;

/** A price-locked quote: the cashback it names is the cashback paid if bought before it expires. */
export async function createGiftCardQuote(body: GiftCardQuoteRequest): Promise<GiftCardQuote> {
  return parseAnswer(giftCardQuoteSchema, await api.post('/giftcards/quotes', body));
}

export const useCreateGiftCardQuote = () => useMutation({ mutationFn: createGiftCardQuote });

/** The quote the gift card flow is confirming; a reload mid-flow finds it again. */
export const giftCardQuoteSlot = sessionSlot('giftcard_quote', giftCardQuoteSchema);

/** Seconds of a quote's life kept in hand: one about to expire is renewed before confirming. */
const EXPIRY_MARGIN_MS = 30_000;

export const quoteIsFresh = (quote: GiftCardQuote, now = Date.now()): boolean =>
  Date.parse(quote.expires_at) - EXPIRY_MARGIN_MS > now;

/**
 * What the redemption flow holds for a gift card: the quote is its destination (the server buys
 * exactly what the quote says). The SPEC's numeric brand_id and provider_brand_id stay 0: this
 * catalog names brands by UUID, kept in selectedGiftcardBrand.
 */
export function flowForQuote(
  quote: GiftCardQuote,
  brand: { id: string; name: string; image: string | null },
  mode: RedemptionMode,
): Partial<RedemptionFlow> {
  return {
    mode,
    amount: quote.amount_in_cents,
    selectedPaymentMethodUUID: quote.quote_id,
    selectedGiftcardBrand: brand.id,
    display_name: brand.name,
    image: brand.image,
    cashbackPercentage: quote.cashback_bps / 100,
    gross_amount_in_cents: quote.total_value_in_cents,
    fee_rate: 0,
    // A new quote is a new purchase: it gets its own Idempotency-Key.
    orderID: null,
  };
}

/** The quote the flow is confirming, if it is still kept; without it, the amount is quoted again. */
export function heldQuote(
  flow: Pick<RedemptionFlow, 'selectedPaymentMethodUUID'>,
): GiftCardQuote | null {
  const held = giftCardQuoteSlot.read();
  return held?.quote_id === flow.selectedPaymentMethodUUID ? held : null;
}

/**
 * Before a quoted purchase's passcode is sent its quote must still hold: one about to expire is
 * renewed, and if the renewed offer differs the customer sees it (`onChanged` hears its total) and
 * confirms again. Answers whether confirming may go on.
 */
export async function renewQuote(
  flow: RedemptionFlow & { mode: RedemptionMode },
  update: (changes: Partial<RedemptionFlow>) => void,
  onChanged: (totalValueCents: number) => void,
): Promise<boolean> {
  const held = heldQuote(flow);
  if (held && quoteIsFresh(held)) return true;
  if (!flow.selectedGiftcardBrand) return false;
  const renewed = await createGiftCardQuote({
    brand_id: flow.selectedGiftcardBrand,
    amount_in_cents: flow.amount,
  });
  const before = flow.gross_amount_in_cents;
  adoptQuote(
    update,
    renewed,
    { id: flow.selectedGiftcardBrand, name: flow.display_name ?? '', image: flow.image },
    flow.mode,
  );
  if (renewed.total_value_in_cents === before) return true;
  onChanged(renewed.total_value_in_cents);
  return false;
}

/** Keeps the quote and points the flow at it. */
export function adoptQuote(
  update: (changes: Partial<RedemptionFlow>) => void,
  quote: GiftCardQuote,
  brand: { id: string; name: string; image: string | null },
  mode: RedemptionMode,
): void {
  giftCardQuoteSlot.write(quote);
  update(flowForQuote(quote, brand, mode));
}
