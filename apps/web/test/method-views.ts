import type { DestinationKind, RedemptionMethod, RedemptionMode } from '@refund/contracts/wallet';

/** What each mode pays to and whether it spends the bonus, as the API's methods say. */
const kinds: Record<RedemptionMode, { destination_kind: DestinationKind; spends_bonus: boolean }> =
  {
    debit: { destination_kind: 'card', spends_bonus: false },
    bank: { destination_kind: 'bank_account', spends_bonus: false },
    prepaid: { destination_kind: 'prepaid_card', spends_bonus: true },
    giftcard: { destination_kind: 'gift_card', spends_bonus: true },
    earn_rewards: { destination_kind: 'gift_card', spends_bonus: true },
    fancash: { destination_kind: 'fancash', spends_bonus: false },
  };

/** A method as GET /redemption-methods lists it: `fields` over an available one without limits. */
export function methodView(
  mode: RedemptionMode,
  fields: Partial<Omit<RedemptionMethod, 'mode'>> = {},
): RedemptionMethod {
  return {
    mode,
    ...kinds[mode],
    is_available: true,
    min_amount: null,
    max_amount: null,
    fee_rate: null,
    is_whole_amount_value_required: false,
    ...fields,
  };
}
