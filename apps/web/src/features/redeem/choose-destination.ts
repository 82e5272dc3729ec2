import type { PayoutDestination } from './payout-destination';
import { redemptionFlow, type RedemptionFlowStore } from './redemption-flow';

/**
 * Makes a saved or just-added destination the one the flow pays out to, and returns its name.
 * Another destination is another redemption: the orderID of the old one must not be reused.
 */
export function chooseDestination<T>(
  kind: PayoutDestination<T>,
  destination: T,
  store: RedemptionFlowStore = redemptionFlow,
): string {
  const label = kind.label(destination);
  store.update({
    mode: kind.mode,
    selectedPaymentMethodUUID: kind.idOf(destination),
    display_name: label,
    orderID: null,
  });
  return label;
}
