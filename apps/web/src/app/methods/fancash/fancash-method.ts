import type { Transaction } from '@refund/contracts/redemptions';
import { Trophy } from 'lucide-react';
import { paths } from '../../../config/paths';
import type { MethodUI } from '../../../lib/methods/method-ui';
import { lazyScreen } from '../../lazy-screen';

const RedeemFanCashScreen = lazyScreen(
  () => import('./redeem-fancash-screen'),
  'RedeemFanCashScreen',
);

/** The FanCash account's name, which only a FanCash destination carries. */
const accountName = ({ destination }: Transaction): string | null =>
  destination.kind === 'fancash' ? destination.account_name : null;

/** FanCash store credit at the sports merchant, added to the customer's linked account. */
export const fanCashMethod: MethodUI = {
  icon: Trophy,
  labelKey: 'wallet.methods.fancash.name',
  descriptionKey: 'wallet.methods.fancash.description',
  titleKey: 'titles.redeemFanCash',
  introKey: 'fancash.redeem.intro',
  startHref: () => paths.redeemFanCash.href(),
  screens: [{ path: paths.redeemFanCash.path, Screen: RedeemFanCashScreen }],
  confirm: {
    editKey: 'redeem.confirm.editAmount',
    arrivalKey: 'redeem.confirm.arrival.fancash',
    netLabelKey: 'redeem.summary.addedAsFanCash',
  },
  outcome: {
    // Without the account's name (not known yet) it says what any payout says.
    message: (tx) => {
      const name = accountName(tx);
      const paid = tx.status === 'Successful';
      const key = name
        ? paid
          ? 'redeem.outcome.fanCashAdded'
          : 'redeem.outcome.fanCashOnItsWay'
        : paid
          ? 'redeem.outcome.sent'
          : 'redeem.outcome.onItsWay';
      return { key, name: name ?? '' };
    },
    netLabelKey: 'redeem.summary.addedAsFanCash',
  },
  // "FanCash · Alex M.", the fan's account.
  destinationText: (t, tx) => {
    const name = accountName(tx);
    return name
      ? t('transactions.destination.fanCash', { name })
      : t('transactions.destination.fanCashFallback');
  },
  details: {
    destinationLabelKey: 'transactions.details.fanCashAccount',
    returnedTitleKey: 'transactions.details.returnedTitle.card',
  },
};
