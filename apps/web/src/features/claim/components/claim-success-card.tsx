import { formatMoney } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount';

export interface ClaimSplit {
  available_in_cents: number;
  pending_in_cents: number;
}

interface ClaimSuccessCardProps {
  amountInCents: number;
  /** What of the claim can be spent now and what waits, when known. */
  split: ClaimSplit | null;
}

export function ClaimSuccessCard({ amountInCents, split }: ClaimSuccessCardProps) {
  const { t } = useTranslation();
  // A result screen: the outcome is what the customer needs to hear first.
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Card className="flex flex-col items-center gap-5 text-center" aria-labelledby="claimed-title">
      <span
        aria-hidden="true"
        className="grid size-16 place-items-center rounded-full bg-primary-soft text-3xl text-on-primary-soft"
      >
        ✓
      </span>
      <div className="flex flex-col gap-2">
        <h1
          id="claimed-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-ink"
        >
          {t('claim.success.title')}
        </h1>
        <p className="text-ink-muted">
          {t('claim.success.body', { amount: formatMoney(amountInCents) })}
        </p>
      </div>
      {split && (
        <dl className="grid w-full grid-cols-2 gap-3 text-left">
          <div className="rounded-2xl bg-surface-muted p-4">
            <dt className="text-sm text-ink-muted">{t('claim.success.availableNow')}</dt>
            <dd data-testid="claimed-available" className="text-xl font-bold text-ink tabular-nums">
              {formatMoney(split.available_in_cents)}
            </dd>
          </div>
          <div className="rounded-2xl bg-surface-muted p-4">
            <dt className="text-sm text-ink-muted">{t('claim.success.pending')}</dt>
            <dd data-testid="claimed-pending" className="text-xl font-bold text-ink tabular-nums">
              {formatMoney(split.pending_in_cents)}
            </dd>
          </div>
        </dl>
      )}
      {split && split.pending_in_cents > 0 && (
        <p className="text-sm text-ink-muted">{t('claim.success.pendingHint')}</p>
      )}
      <Link to={paths.home.href()} className={`${buttonVariants.primary} w-full`}>
        {t('claim.success.goHome')}
      </Link>
    </Card>
  );
}
