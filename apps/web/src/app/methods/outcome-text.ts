import { formatMoney } from '@refund/contracts/format';
import type { Transaction } from '@refund/contracts/redemptions';
import type { TFunction } from 'i18next';

/**
 * An outcome's message: every message takes the same values (what arrived, where, the brand, the
 * FanCash account's name), so each method only chooses which of its texts to say.
 */
export function outcomeText(
  t: TFunction,
  key: string,
  transaction: Transaction,
  destination: string,
  name = '',
): string {
  return t(key, {
    amount: formatMoney(transaction.net_amount_in_cents),
    destination,
    brand: transaction.destination.brand ?? '',
    name,
  });
}

/** "Visa •••• 5556": a destination's name with its last four digits, where it has them. */
export const masked = (t: TFunction, name: string, last4: string) =>
  last4 ? t('transactions.destination.masked', { name, last4 }) : name;

/** "Visa", "Mastercard"; a network without its own text is shown capitalised. */
export function cardBrandName(t: TFunction, brand: string | null): string {
  if (!brand) return t('transactions.destination.cardFallback');
  const fallback = brand.charAt(0).toUpperCase() + brand.slice(1);
  return t(`transactions.brand.${brand}`, { defaultValue: fallback });
}
