import { Landmark } from 'lucide-react';
import { paths } from '../../../config/paths';
import type { MethodUI } from '../../../lib/methods/method-ui';
import { lazyScreen } from '../../lazy-screen';
import { masked } from '../outcome-text';

const RedeemBankScreen = lazyScreen(() => import('./redeem-bank-screen'), 'RedeemBankScreen');
const RedeemAddAccountScreen = lazyScreen(
  () => import('./redeem-add-account-screen'),
  'RedeemAddAccountScreen',
);
const ConnectBankScreen = lazyScreen(() => import('./connect-bank-screen'), 'ConnectBankScreen');
const RedeemTinkScreen = lazyScreen(() => import('./redeem-tink-screen'), 'RedeemTinkScreen');
const BankFailureScreen = lazyScreen(() => import('./bank-failure-screen'), 'BankFailureScreen');

/** An ACH payout to one of the customer's bank accounts: days on its way, and it may come back. */
export const bankMethod: MethodUI = {
  icon: Landmark,
  labelKey: 'wallet.methods.bank.name',
  descriptionKey: 'wallet.methods.bank.description',
  titleKey: 'titles.redeemBank',
  introKey: 'redeem.bank.intro',
  startHref: () => paths.redeemBank.href(),
  screens: [
    { path: paths.redeemBank.path, Screen: RedeemBankScreen },
    { path: paths.redeemAddAccount.path, Screen: RedeemAddAccountScreen },
    { path: paths.connectBank.path, Screen: ConnectBankScreen },
    { path: paths.redeemTink.path, Screen: RedeemTinkScreen },
    { path: paths.bankFailure.path, Screen: BankFailureScreen },
  ],
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
