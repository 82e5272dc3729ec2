import { brandParamsSchema } from '@refund/contracts/brands';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { brandQueryOptions } from '../../../features/brands/api/get-brands';
import { GiftCardBrandPage } from './giftcard-brand-page';

/**
 * A brand's page (/redeem/giftcard/{brandID}): the brand, its terms, the amount within its
 * limits or its fixed values, and what the card is worth before confirming.
 */
export function RedeemGiftCardBrandScreen() {
  const params = useParams();
  const parsed = brandParamsSchema.safeParse({ brand_id: params.brandID });
  const brandId = parsed.success ? parsed.data.brand_id : '';
  const offer = useQuery({
    ...brandQueryOptions(brandId),
    enabled: parsed.success,
    // The plain gift card page names no reward: a brand's reward is its earn-rewards page's.
    select: (brand) => ({ brand, rewardBps: 0 }),
  });
  return (
    <GiftCardBrandPage
      mode="giftcard"
      offer={parsed.success ? offer : null}
      titleKey="titles.redeemGiftCardBrand"
      listHref={paths.redeemGiftCard.href()}
      backKey="giftCards.brand.back"
      browseKey="giftCards.brand.browse"
      notFoundKey="giftCards.brand.notFound"
    />
  );
}
