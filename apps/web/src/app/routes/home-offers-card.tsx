import type { FreePlayOffer } from '@refund/contracts/free-play';
import { formatMoneyShort } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { useFreePlay } from '../../features/promotions/api/get-free-play';
import { useSpotlight } from '../../features/spotlight/api/get-spotlight';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';

const linkClass = 'font-semibold text-primary underline-offset-4 hover:underline';

/**
 * The free play worth a row on home: one the customer can claim now, or has claimed. One they
 * cannot claim (no refund claimed yet, or over) is not advertised.
 */
function freePlayRow(offer: FreePlayOffer | null | undefined) {
  if (!offer) return null;
  if (offer.blocked_by === null) return { offer, key: 'wallet.offers.freePlay' };
  if (offer.blocked_by === 'ALREADY_CLAIMED') {
    return { offer, key: 'wallet.offers.freePlayClaimed' };
  }
  return null;
}

/**
 * Home's way to the offers: the cashback brands while gift cards can be bought, the merchant
 * spotlight while one is live, and the sponsor's free play while it can be claimed (or to see it
 * claimed). Shows nothing (not even a heading) when there is none. Each row appears once its own
 * answer arrives; the free play's comes last, so its arrival moves nothing above it.
 */
export function HomeOffersCard() {
  const { t } = useTranslation();
  const methods = useRedemptionMethods();
  const spotlight = useSpotlight();
  const giftCards = methods.data?.some((m) => m.mode === 'giftcard' && m.is_available) ?? false;
  const live = spotlight.data ?? null;
  const freePlay = freePlayRow(useFreePlay().data);
  if (!giftCards && !live && !freePlay) return null;
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
        {freePlay && (
          <li>
            <Link to={paths.freePlay.href()} className={linkClass}>
              {t(freePlay.key, { amount: formatMoneyShort(freePlay.offer.amount_in_cents) })}
            </Link>
          </li>
        )}
      </ul>
    </Card>
  );
}
