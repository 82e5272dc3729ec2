import type { RedemptionMethod, RedemptionMode } from '@refund/contracts/wallet';
import { useEffect } from 'react';
import { trackEvent } from '../../lib/analytics-events';
import { initialRedemptionFlow, redemptionFlow } from './redemption-flow';

/** A method's limits and fee rate as the flow keeps them (cents, basis points). */
export const limitsOf = (method: RedemptionMethod) => ({
  min_amount: method.min_amount ?? 0,
  max_amount: method.max_amount ?? 0,
  fee_rate: method.fee_rate ?? 0,
  is_whole_amount_value_required: method.is_whole_amount_value_required,
});

/**
 * Opening a method's first step starts the flow for it with the method's limits and fee rate;
 * coming back to it (from adding a destination, or from Confirm Details) keeps the choices and
 * only refreshes the limits if the server changed them.
 */
export function useMethodFlow(mode: RedemptionMode, method: RedemptionMethod | undefined): void {
  useEffect(() => {
    if (!method?.is_available) return;
    const limits = limitsOf(method);
    const current = redemptionFlow.get();
    if (current.mode !== mode) {
      redemptionFlow.update({ ...initialRedemptionFlow, mode, ...limits });
      trackEvent('redemption_method_selected', { method: mode });
    } else if (
      current.min_amount !== limits.min_amount ||
      current.max_amount !== limits.max_amount ||
      current.fee_rate !== limits.fee_rate ||
      current.is_whole_amount_value_required !== limits.is_whole_amount_value_required
    ) {
      redemptionFlow.update(limits);
    }
  }, [method, mode]);
}
