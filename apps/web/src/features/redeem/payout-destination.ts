import type { BankAccount } from '@refund/contracts/banks';
import type { Card } from '@refund/contracts/cards';

const brandName: Record<Card['brand'], string> = { visa: 'Visa', mastercard: 'Mastercard' };

/** 'Visa •••• 5556': how a card is named everywhere in the flow. */
export const cardLabel = (card: Pick<Card, 'brand' | 'last4'>): string =>
  `${brandName[card.brand]} •••• ${card.last4}`;

/** 'Chase •••• 6789', or 'Checking •••• 6789' when the bank is not known. */
export function bankAccountLabel(
  account: Pick<BankAccount, 'bank_name' | 'account_type' | 'last4'>,
): string {
  const name = account.bank_name ?? (account.account_type === 'checking' ? 'Checking' : 'Savings');
  return `${name} •••• ${account.last4}`;
}

export const cardExpiry = (card: Pick<Card, 'expiry_month' | 'expiry_year'>): string =>
  `${String(card.expiry_month).padStart(2, '0')}/${String(card.expiry_year % 100).padStart(2, '0')}`;
