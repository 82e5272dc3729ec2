import {
  prepaidCardExpired,
  type PrepaidCard,
  type PrepaidCardStatus,
} from '@refund/contracts/prepaid-cards';
import type { TFunction } from 'i18next';

const twoDigits = (value: number) => String(value % 100).padStart(2, '0');

/** 'MM/YY', as printed on a card. */
export const formatExpiry = (month: number, year: number): string =>
  `${twoDigits(month)}/${twoDigits(year)}`;

/** '4242 4242 4242 4242': the digits in groups of four, as printed on a card. */
export const groupCardNumber = (number: string): string =>
  number
    .replace(/\D/g, '')
    .replace(/(\d{4})(?=\d)/g, '$1 ')
    .trim();

/** Only the digits, for copying into a payment form. */
export const cardDigits = (number: string): string => number.replace(/\D/g, '');

/** How a card is named everywhere, e.g. in button labels: 'Visa •••• 4242', or before issue 'Visa prepaid card'. */
export function prepaidCardLabel(t: TFunction, card: Pick<PrepaidCard, 'last4'>): string {
  return card.last4 ? t('prepaid.card.masked', { last4: card.last4 }) : t('prepaid.cardName');
}

/** The status to show: a card past its expiry month is expired even before the issuer says so. */
export function shownStatus(
  card: Pick<PrepaidCard, 'status' | 'exp_month' | 'exp_year'>,
  now = new Date(),
): PrepaidCardStatus {
  const usable = card.status === 'active' || card.status === 'inactive';
  if (usable && card.exp_month !== null && card.exp_year !== null) {
    if (prepaidCardExpired(card.exp_month, card.exp_year, now)) return 'expired';
  }
  return card.status;
}

/** Whether the card's number can be shown: it was issued and can still be used. */
export const canReveal = (status: PrepaidCardStatus): boolean =>
  status === 'active' || status === 'inactive';
