import type { Card } from '@refund/contracts/cards';
import type { TFunction } from 'i18next';

const brandName: Record<Card['brand'], string> = { visa: 'Visa', mastercard: 'Mastercard' };

/** 'Visa •••• 5556': how a card is named everywhere in the flow. */
export const cardLabel = (card: Pick<Card, 'brand' | 'last4'>): string =>
  `${brandName[card.brand]} •••• ${card.last4}`;

export const cardExpiry = (card: Pick<Card, 'expiry_month' | 'expiry_year'>): string =>
  `${String(card.expiry_month).padStart(2, '0')}/${String(card.expiry_year % 100).padStart(2, '0')}`;

/** The line under a card's name in a list: 'Debit card · expires 04/29'. */
export const cardDetail = (t: TFunction, card: Pick<Card, 'expiry_month' | 'expiry_year'>) =>
  t('redeem.debit.cardDetail', { expiry: cardExpiry(card) });
