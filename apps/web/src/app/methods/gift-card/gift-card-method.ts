import { Gift } from 'lucide-react';
import { paths } from '../../../config/paths';
import type { MethodUI } from '../../../lib/methods/method-ui';
import { lazyScreen } from '../../lazy-screen';
import { masked } from '../outcome-text';

const RedeemGiftCardScreen = lazyScreen(
  () => import('./redeem-giftcard-screen'),
  'RedeemGiftCardScreen',
);
const RedeemGiftCardBrandScreen = lazyScreen(
  () => import('./redeem-giftcard-brand-screen'),
  'RedeemGiftCardBrandScreen',
);
const RedeemSportsGiftCardScreen = lazyScreen(
  () => import('./redeem-sports-giftcard-screen'),
  'RedeemSportsGiftCardScreen',
);

/**
 * What a plain gift card and an earn-rewards brand's card share: a quoted purchase guarded by
 * the bot check, issued into the gift card wallet.
 */
export const giftCardPurchase: Pick<
  MethodUI,
  'confirm' | 'quoted' | 'botAction' | 'outcome' | 'destinationText' | 'details'
> = {
  confirm: { editKey: 'giftCards.confirm.edit', arrivalKey: 'redeem.confirm.arrival.giftcard' },
  quoted: true,
  botAction: 'customer_gc_rewards',
  outcome: {
    message: (tx) => ({
      key: tx.status === 'Successful' ? 'giftCards.outcome.issued' : 'giftCards.outcome.issuing',
    }),
    keptAt: { href: paths.giftCardHistory.href(), labelKey: 'giftCards.outcome.openWallet' },
  },
  destinationText: (t, tx) =>
    masked(
      t,
      t('transactions.destination.giftCard', { brand: tx.destination.brand ?? '' }),
      tx.destination.last4,
    ),
  details: {
    destinationLabelKey: 'transactions.details.giftCard',
    returnedTitleKey: 'transactions.details.returnedTitle.card',
  },
};

/** A gift card of the catalog's brands, with its cashback. */
export const giftCardMethod: MethodUI = {
  icon: Gift,
  labelKey: 'wallet.methods.giftcard.name',
  descriptionKey: 'wallet.methods.giftcard.description',
  titleKey: 'titles.redeemGiftCard',
  introKey: 'giftCards.catalog.intro',
  startHref: ({ selectedGiftcardBrand }) =>
    selectedGiftcardBrand
      ? paths.redeemGiftCardBrand.href(selectedGiftcardBrand)
      : paths.redeemGiftCard.href(),
  screens: [
    { path: paths.redeemGiftCard.path, Screen: RedeemGiftCardScreen },
    { path: paths.redeemGiftCardBrand.path, Screen: RedeemGiftCardBrandScreen },
    { path: paths.redeemSportsGiftCard.path, Screen: RedeemSportsGiftCardScreen },
  ],
  ...giftCardPurchase,
};
