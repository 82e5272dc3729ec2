import { Landmark } from 'lucide-react';
import { paths } from '../../config/paths';
import type { MethodUI } from '../../lib/methods/method-ui';
import { masked } from './outcome-text';

/** An ACH payout to one of the customer's bank accounts: days on its way, and it may come back. */
export const bankMethod: MethodUI = {
  icon: Landmark,
  labelKey: 'wallet.methods.bank.name',
  descriptionKey: 'wallet.methods.bank.description',
  titleKey: 'titles.redeemBank',
  startHref: () => paths.redeemBank.href(),
  confirm: { editKey: 'redeem.confirm.edit', arrivalKey: 'redeem.confirm.arrival.bank' },
  outcome: {
    message: (tx) => ({
      key: tx.status === 'Successful' ? 'redeem.outcome.sent' : 'redeem.outcome.onItsWayBank',
    }),
  },
  destinationText: (t, tx) =>
    masked(
      t,
      tx.destination.bank_name ?? t('transactions.destination.bankFallback'),
      tx.destination.last4,
    ),
  details: {
    destinationLabelKey: 'transactions.details.bankAccount',
    returnedTitleKey: 'transactions.details.returnedTitle.bank',
  },
};
