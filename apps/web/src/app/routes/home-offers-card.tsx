import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { useSpotlight } from '../../features/spotlight/api/get-spotlight';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';

const linkClass = 'font-semibold text-primary underline-offset-4 hover:underline';

/**
 * Home's way to the offers: the cashback brands while gift cards can be bought, and the merchant
 * spotlight while one is live. Shows nothing (not even a heading) when there is neither.
 */
export function HomeOffersCard() {
  const { t } = useTranslation();
  const methods = useRedemptionMethods();
  const spotlight = useSpotlight();
  const giftCards = methods.data?.some((m) => m.mode === 'giftcard' && m.is_available) ?? false;
  const live = spotlight.data ?? null;
  if (!giftCards && !live) return null;
  return (
    <Card aria-labelledby="home-offers-heading" className="flex flex-col gap-3">
      <h2 id="home-offers-heading" className="text-lg font-semibold text-ink">
        {t('wallet.offers.title')}
      </h2>
      <ul className="flex flex-col gap-2">
        {giftCards && (
          <li>
            <Link to={paths.promotion.href()} className={linkClass}>
              {t('wallet.offers.earnCashback')}
            </Link>
          </li>
        )}
        {live && (
          <li>
            <Link to={paths.spotlight.href()} className={linkClass}>
              {live.promotion_button_text
                ? t('wallet.offers.spotlightNamed', { text: live.promotion_button_text })
                : t('wallet.offers.spotlight')}
            </Link>
          </li>
        )}
      </ul>
    </Card>
  );
}
