import type { BankAccount } from '@refund/contracts/banks';
import type { TFunction } from 'i18next';

/** 'Chase •••• 6789', or 'Checking •••• 6789' when the bank is not known. */
export function bankAccountLabel(
  account: Pick<BankAccount, 'bank_name' | 'account_type' | 'last4'>,
): string {
  const name = account.bank_name ?? (account.account_type === 'checking' ? 'Checking' : 'Savings');
  return `${name} •••• ${account.last4}`;
}

/** The line under an account's name in a list: its type. */
export const bankAccountDetail = (t: TFunction, account: Pick<BankAccount, 'account_type'>) =>
  t(`redeem.bank.accountDetail.${account.account_type}`);
