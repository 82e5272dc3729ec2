import type { FreePlayOffer } from '@refund/contracts/free-play';
import { formatMoneyShort } from '@refund/contracts/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';

interface FreePlayOfferCardProps {
  offer: FreePlayOffer;
  /** What the customer can do about it now: claim it, or why not. */
  children: ReactNode;
}

/** The free play as the API offers it: how much, who pays for it and what it is. */
export function FreePlayOfferCard({ offer, children }: FreePlayOfferCardProps) {
  const { t } = useTranslation();
  return (
    <Card aria-labelledby="free-play-offer-title" className="flex flex-col gap-4">
      <h2 id="free-play-offer-title" className="text-xl font-bold tracking-tight text-ink">
        {t('freePlay.offerTitle', {
          amount: formatMoneyShort(offer.amount_in_cents),
          sponsor: offer.sponsor,
        })}
      </h2>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-ink-muted">
        <li>{t('freePlay.credited')}</li>
        <li>{t('freePlay.funded', { sponsor: offer.sponsor })}</li>
        <li>{t('freePlay.once')}</li>
      </ul>
      {children}
    </Card>
  );
}
