import type { Transaction } from '@refund/contracts/redemptions';
import type { TFunction } from 'i18next';

/** "Visa", "Mastercard"; a network without its own text is shown capitalised. */
function brandName(t: TFunction, brand: string | null): string {
  if (!brand) return t('transactions.destination.cardFallback');
  const fallback = brand.charAt(0).toUpperCase() + brand.slice(1);
  return t(`transactions.brand.${brand}`, { defaultValue: fallback });
}

/**
 * Where the money went: "Visa •••• 5556", "First Bank •••• 6789", "Visa prepaid •••• 4242" (or
 * "Visa prepaid card" before the card is issued), "FanCash · Alex M." (the fan's account).
 */
export function destinationText(t: TFunction, tx: Transaction): string {
  const { destination } = tx;
  if (destination.kind === 'fancash') {
    return destination.account_name
      ? t('transactions.destination.fanCash', { name: destination.account_name })
      : t('transactions.destination.fanCashFallback');
  }
  if (destination.kind === 'prepaid_card') {
    const brand = brandName(t, destination.brand);
    return destination.last4
      ? t('transactions.destination.masked', {
          name: t('transactions.destination.prepaid', { brand }),
          last4: destination.last4,
        })
      : t('transactions.destination.prepaidCard', { brand });
  }
  const name =
    destination.kind === 'card'
      ? brandName(t, destination.brand)
      : destination.kind === 'gift_card'
        ? t('transactions.destination.giftCard', { brand: destination.brand ?? '' })
        : (destination.bank_name ?? t('transactions.destination.bankFallback'));
  return destination.last4
    ? t('transactions.destination.masked', { name, last4: destination.last4 })
    : name;
}
