import type { Transaction } from '@refund/contracts/redemptions';
import { useTranslation } from 'react-i18next';
import { methodOf, useMethodRegistry } from '../../../lib/methods/method-registry';

/**
 * Where the money went, as its method names it: "Visa •••• 5556", "First Bank •••• 6789",
 * "Visa prepaid •••• 4242", "FanCash · Alex M.".
 */
export function useDestinationText(): (transaction: Transaction) => string {
  const { t } = useTranslation();
  const registry = useMethodRegistry();
  return (transaction) => methodOf(registry, transaction.mode).destinationText(t, transaction);
}
