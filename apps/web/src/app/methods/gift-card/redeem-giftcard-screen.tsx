import { BrandCatalog } from '../../../features/brands/components/brand-catalog';
import { SportsGiftCardEntry } from '../../../features/brands/components/sports-gift-card-entry';
import { MethodStartScreen } from '../../routes/method-start-screen';

/** The gift card's step: choosing the brand, from the catalog or a team shop. */
function BrandChoice() {
  return (
    <>
      <SportsGiftCardEntry />
      <BrandCatalog />
    </>
  );
}

/**
 * The first step of a gift card (/redeem/giftcard): the shared start screen with the catalog of
 * brands and their cashback. The brand's page then takes the amount and locks the price.
 */
export function RedeemGiftCardScreen() {
  return <MethodStartScreen mode="giftcard" Choice={BrandChoice} wide />;
}
