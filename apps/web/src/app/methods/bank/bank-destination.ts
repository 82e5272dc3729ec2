import type { BankAccount } from '@refund/contracts/banks';
import { useBankAccounts } from '../../../features/bank/api/get-bank-accounts';
import { bankAccountDetail, bankAccountLabel } from '../../../features/bank/bank-account-label';
import { AddBankAccountLinks } from '../../../features/bank/components/add-bank-account-links';
import type { PayoutDestination } from '../../../features/redeem/payout-destination';

/** Bank redemptions pay out to the customer's linked or entered bank accounts. */
export const bankDestination: PayoutDestination<BankAccount> = {
  mode: 'bank',
  useSaved: useBankAccounts,
  idOf: (account) => account.bank_account_uuid,
  label: bankAccountLabel,
  detail: bankAccountDetail,
  AddActions: AddBankAccountLinks,
};
