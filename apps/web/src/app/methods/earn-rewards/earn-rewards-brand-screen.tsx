import { brandParamsSchema } from '@refund/contracts/brands';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { earnRewardQueryOptions } from '../../../features/brands/api/get-earn-rewards';
import { GiftCardBrandPage } from '../gift-card/giftcard-brand-page';

/**
 * An earn-rewards brand's page (/earnRewards/{brandID}): the brand with its reward ("Earn 15%
 * back"), then the gift card purchase, as the `earn_rewards` method, whose quote locks the reward
 * beside the cashback. A brand without an offer now says so and leads back to the list.
 */
export function EarnRewardsBrandScreen() {
  const params = useParams();
  const parsed = brandParamsSchema.safeParse({ brand_id: params.brandID });
  const brandId = parsed.success ? parsed.data.brand_id : '';
  const offer = useQuery({
    ...earnRewardQueryOptions(brandId),
    enabled: parsed.success,
    select: (reward) => ({ brand: reward.brand, rewardBps: reward.reward_bps }),
  });
  return (
    <GiftCardBrandPage
      mode="earn_rewards"
      offer={parsed.success ? offer : null}
      titleKey="titles.earnRewardsBrand"
      listHref={paths.earnRewards.href()}
      backKey="earnRewards.brand.back"
      browseKey="earnRewards.brand.browse"
      notFoundKey="earnRewards.brand.noReward"
    />
  );
}
