import { WalletCards } from 'lucide-react';
import { paths } from '../../../config/paths';
import type { MethodUI } from '../../../lib/methods/method-ui';
import { lazyScreen } from '../../lazy-screen';
import { cardBrandName, masked } from '../outcome-text';

const RedeemPrepaidScreen = lazyScreen(
  () => import('./redeem-prepaid-screen'),
  'RedeemPrepaidScreen',
);

/** A prepaid Visa card issued to the customer as cardholder, loaded with the amount. */
export const prepaidMethod: MethodUI = {
  icon: WalletCards,
  labelKey: 'wallet.methods.prepaid.name',
  descriptionKey: 'wallet.methods.prepaid.description',
  titleKey: 'titles.redeemPrepaid',
  introKey: 'prepaid.redeem.intro',
  startHref: () => paths.redeemPrepaid.href(),
  screens: [{ path: paths.redeemPrepaid.path, Screen: RedeemPrepaidScreen }],
  confirm: {
    editKey: 'redeem.confirm.editAmount',
    arrivalKey: 'redeem.confirm.arrival.prepaid',
    netLabelKey: 'redeem.summary.loadedOnCard',
  },
  outcome: {
    message: (tx) => ({
      key:
        tx.status === 'Successful'
          ? 'redeem.outcome.prepaidIssued'
          : 'redeem.outcome.prepaidIssuing',
    }),
    netLabelKey: 'redeem.summary.loadedOnCard',
    keptAt: {
      href: paths.visaPrepaidCardHistory.href(),
      labelKey: 'redeem.outcome.openPrepaidCards',
    },
  },
  // "Visa prepaid •••• 4242", or "Visa prepaid card" before the card is issued.
  destinationText: (t, tx) => {
    const brand = cardBrandName(t, tx.destination.brand);
    return tx.destination.last4
      ? masked(t, t('transactions.destination.prepaid', { brand }), tx.destination.last4)
      : t('transactions.destination.prepaidCard', { brand });
  },
  details: {
    destinationLabelKey: 'transactions.details.prepaidCard',
    returnedTitleKey: 'transactions.details.returnedTitle.card',
  },
};
