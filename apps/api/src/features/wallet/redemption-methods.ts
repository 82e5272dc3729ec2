import {
  redemptionModes,
  type RedemptionMethod,
  type RedemptionMode,
} from '@refund/contracts/wallet';
import { payoutLimits } from '../payouts/redemption-limits';

/**
 * The redemption methods this product can carry out end to end. The others (prepaid, gift
 * cards, FanCash, earn rewards) are listed as unavailable until their feature lands, so no
 * screen offers what cannot be paid. Add a mode here in the change that builds it.
 */
export const implementedRedemptionModes: ReadonlySet<RedemptionMode> = new Set<RedemptionMode>([
  'debit',
  'bank',
]);

/** Every method, available when built and not switched off in configuration. */
export function redemptionMethods(disabled: ReadonlySet<RedemptionMode>): RedemptionMethod[] {
  return redemptionModes.map((mode) => {
    const limits = mode === 'debit' || mode === 'bank' ? payoutLimits[mode] : null;
    return {
      mode,
      is_available: implementedRedemptionModes.has(mode) && !disabled.has(mode),
      min_amount: limits?.minCents ?? null,
      max_amount: limits?.maxCents ?? null,
      fee_rate: limits?.feeRateBps ?? null,
      is_whole_amount_value_required: limits?.wholeDollarsOnly ?? false,
    };
  });
}
