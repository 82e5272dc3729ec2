import type { FreePlayClaim } from '@refund/contracts/free-play';
import { formatMoney } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount';

/** The outcome of a claim: focus lands on it, so the customer hears what reached the wallet. */
export function FreePlayAdded({ claim }: { claim: FreePlayClaim }) {
  const { t } = useTranslation();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Card
      aria-labelledby="free-play-added-title"
      className="flex flex-col items-center gap-5 text-center"
    >
      <span
        aria-hidden="true"
        className="grid size-16 place-items-center rounded-full bg-primary-soft text-3xl text-on-primary-soft"
      >
        ✓
      </span>
      <div className="flex flex-col gap-2">
        <h2
          id="free-play-added-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-ink"
        >
          {t('freePlay.added', { amount: formatMoney(claim.amount_in_cents) })}
        </h2>
        <p className="text-ink-muted">{t('freePlay.addedBody')}</p>
      </div>
      <Link to={paths.home.href()} className={`${buttonVariants.primary} w-full`}>
        {t('common.goHome')}
      </Link>
    </Card>
  );
}
