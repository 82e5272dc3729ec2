import type { TFunction } from 'i18next';

/** "Visa •••• 5556": a destination's name with its last four digits, where it has them. */
export const masked = (t: TFunction, name: string, last4: string) =>
  last4 ? t('transactions.destination.masked', { name, last4 }) : name;

/** "Visa", "Mastercard"; a network without its own text is shown capitalised. */
export function cardBrandName(t: TFunction, brand: string | null): string {
  if (!brand) return t('transactions.destination.cardFallback');
  const fallback = brand.charAt(0).toUpperCase() + brand.slice(1);
  return t(`transactions.brand.${brand}`, { defaultValue: fallback });
}
