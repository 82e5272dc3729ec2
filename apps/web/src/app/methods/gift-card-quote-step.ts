import {
  adoptQuote,
  createGiftCardQuote,
  giftCardQuoteSlot,
  quoteIsFresh,
  type GiftCardMode,
} from '../../features/redeem/giftcard/giftcard-quote';
import { redemptionFlow } from '../../features/redeem/redemption-flow';
import type { QuoteStep } from '../../lib/methods/method-ui';

/**
 * A gift card is confirmed with its quote in hand, whose figures are the ones shown; a plain gift
 * card and an earn-rewards brand's card quote alike, each under its own mode.
 */
export function giftCardQuoteStep(mode: GiftCardMode): QuoteStep {
  return {
    held(flow) {
      const held = giftCardQuoteSlot.read();
      return held?.quote_id === flow.selectedPaymentMethodUUID ? held : null;
    },
    // Before the passcode is sent the quote must still hold: one about to expire is renewed, and
    // if the renewed offer differs the customer sees it and confirms again.
    async renew(flow, onChanged) {
      const held = giftCardQuoteSlot.read();
      if (held && held.quote_id === flow.selectedPaymentMethodUUID && quoteIsFresh(held)) {
        return true;
      }
      if (!flow.selectedGiftcardBrand) return false;
      const renewed = await createGiftCardQuote({
        brand_id: flow.selectedGiftcardBrand,
        amount_in_cents: flow.amount,
      });
      const before = flow.gross_amount_in_cents;
      adoptQuote(
        redemptionFlow.update,
        renewed,
        { id: flow.selectedGiftcardBrand, name: flow.display_name ?? '', image: flow.image },
        mode,
      );
      if (renewed.total_value_in_cents === before) return true;
      onChanged(renewed.total_value_in_cents);
      return false;
    },
  };
}
