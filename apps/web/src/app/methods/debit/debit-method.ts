import { CreditCard } from 'lucide-react';
import { paths } from '../../../config/paths';
import type { MethodUI } from '../../../lib/methods/method-ui';
import { lazyScreen } from '../../lazy-screen';
import { cardBrandName, masked } from '../outcome-text';

const RedeemDebitScreen = lazyScreen(() => import('./redeem-debit-screen'), 'RedeemDebitScreen');
const RedeemAddCardScreen = lazyScreen(
  () => import('./redeem-add-card-screen'),
  'RedeemAddCardScreen',
);

/** A payout to one of the customer's debit cards, arriving within minutes. */
export const debitMethod: MethodUI = {
  icon: CreditCard,
  labelKey: 'wallet.methods.debit.name',
  descriptionKey: 'wallet.methods.debit.description',
  titleKey: 'titles.redeemDebit',
  introKey: 'redeem.debit.intro',
  startHref: () => paths.redeemDebit.href(),
  screens: [
    { path: paths.redeemDebit.path, Screen: RedeemDebitScreen },
    { path: paths.redeemDebitAddCard.path, Screen: RedeemAddCardScreen },
  ],
  confirm: { editKey: 'redeem.confirm.edit', arrivalKey: 'redeem.confirm.arrival.debit' },
  outcome: {
    message: (tx) => ({
      key: tx.status === 'Successful' ? 'redeem.outcome.sent' : 'redeem.outcome.onItsWay',
    }),
  },
  destinationText: (t, tx) =>
    masked(t, cardBrandName(t, tx.destination.brand), tx.destination.last4),
  details: {
    destinationLabelKey: 'transactions.details.card',
    returnedTitleKey: 'transactions.details.returnedTitle.card',
  },
};
