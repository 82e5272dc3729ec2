import type { FreePlayOffer } from '@refund/contracts/free-play';
import { formatLongDate, formatMoney } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { paths } from '../../../config/paths';

export type FreePlayBlocker = NonNullable<FreePlayOffer['blocked_by']>;

function Reason({ offer, blockedBy }: { offer: FreePlayOffer; blockedBy: FreePlayBlocker }) {
  const { t } = useTranslation();
  const lastDay = formatLongDate(offer.last_day);
  switch (blockedBy) {
    case 'ALREADY_CLAIMED':
      return (
        <div role="status" className="flex flex-col gap-1 rounded-xl bg-surface-muted p-4">
          {offer.claimed_at && (
            <p data-testid="free-play-claimed-on" className="font-semibold text-ink">
              {t('freePlay.claimedOn', { date: formatLongDate(offer.claimed_at) })}
            </p>
          )}
          <p className="text-ink-muted">
            {t('freePlay.claimedAmount', {
              amount: formatMoney(offer.claimed_amount_in_cents ?? offer.amount_in_cents),
            })}
          </p>
        </div>
      );
    case 'CLAIM_A_REFUND_FIRST':
      return (
        <div role="status" className="flex flex-col gap-1">
          <p className="text-ink">{t('freePlay.needsRefund')}</p>
          <p className="font-semibold text-ink">{t('freePlay.claimBy', { date: lastDay })}</p>
        </div>
      );
    case 'DEVICE_USED':
      return (
        <p role="status" className="text-ink">
          {t('freePlay.deviceUsed')}
        </p>
      );
    case 'ENDED':
      return (
        <p role="status" className="text-ink">
          {t('freePlay.ended', { date: lastDay })}
        </p>
      );
  }
}

/** Why the free play cannot be claimed now (or that it was), and the way home. */
export function FreePlayBlocked({
  offer,
  blockedBy,
}: {
  offer: FreePlayOffer;
  blockedBy: FreePlayBlocker;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Reason offer={offer} blockedBy={blockedBy} />
      <Link to={paths.home.href()} className={`${buttonVariants.secondary} self-start`}>
        {t('common.goHome')}
      </Link>
    </>
  );
}
