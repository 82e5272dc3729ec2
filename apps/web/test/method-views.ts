import { methodContracts } from '@refund/contracts/method-contracts';
import type { RedemptionMethod, RedemptionMode } from '@refund/contracts/wallet';

/** The modes that spend the welcome bonus before the balance, as the API's methods say. */
const spendingBonus: ReadonlySet<string> = new Set(['prepaid', 'giftcard', 'earn_rewards']);

/** What the mode pays to, as its contract says; a mode only a test knows pays to a card. */
const kindOf = (mode: RedemptionMode) =>
  methodContracts.find((contract) => contract.mode === mode)?.destination.shape.kind.value ??
  'card';

/** A method as GET /redemption-methods lists it: `fields` over an available one without limits. */
export function methodView(
  mode: RedemptionMode,
  fields: Partial<Omit<RedemptionMethod, 'mode'>> = {},
): RedemptionMethod {
  return {
    mode,
    destination_kind: kindOf(mode),
    spends_bonus: spendingBonus.has(mode),
    is_available: true,
    min_amount: null,
    max_amount: null,
    fee_rate: null,
    is_whole_amount_value_required: false,
    ...fields,
  };
}
