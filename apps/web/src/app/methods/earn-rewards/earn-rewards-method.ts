import { BadgePercent } from 'lucide-react';
import { paths } from '../../../config/paths';
import type { MethodUI } from '../../../lib/methods/method-ui';
import { lazyScreen } from '../../lazy-screen';
import { giftCardPurchase } from '../gift-card/gift-card-method';

const EarnRewardsScreen = lazyScreen(() => import('./earn-rewards-screen'), 'EarnRewardsScreen');
const EarnRewardsBrandScreen = lazyScreen(
  () => import('./earn-rewards-brand-screen'),
  'EarnRewardsBrandScreen',
);

/** A gift card of a brand with an earn-rewards offer (ADR 0024): its reward comes on top. */
export const earnRewardsMethod: MethodUI = {
  icon: BadgePercent,
  labelKey: 'wallet.methods.earn_rewards.name',
  descriptionKey: 'wallet.methods.earn_rewards.description',
  titleKey: 'titles.earnRewards',
  introKey: 'earnRewards.intro',
  startHref: ({ selectedGiftcardBrand }) =>
    selectedGiftcardBrand
      ? paths.earnRewardsBrand.href(selectedGiftcardBrand)
      : paths.earnRewards.href(),
  screens: [
    { path: paths.earnRewards.path, Screen: EarnRewardsScreen },
    { path: paths.earnRewardsBrand.path, Screen: EarnRewardsBrandScreen },
  ],
  ...giftCardPurchase,
};
