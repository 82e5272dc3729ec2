import { formatMoney } from '@refund/contracts/format';
import type { ClaimPage } from '@refund/contracts/refunds';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useChooseOriginalMethod } from '../api/choose-original-method';
import { OriginalMethodTimeline } from './original-method-timeline';

interface OriginalMethodReviewProps {
  page: ClaimPage;
  onBack: () => void;
}

/** Explains the slow way before the customer commits to it, then confirms it. */
export function OriginalMethodReview({ page, onBack }: OriginalMethodReviewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choose = useChooseOriginalMethod();
  const [confirmed, setConfirmed] = useState(false);
  const amount = formatMoney(page.amount_in_cents);

  const onConfirm = () =>
    choose.mutate(page.refund_uuid, {
      onSuccess: () => setConfirmed(true),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) {
          void navigate(paths.claimError.href(), {
            replace: true,
            state: { reason: 'not-claimable' },
          });
          return;
        }
        notify.error(errorMessage(error));
      },
    });

  if (confirmed) {
    return (
      <Card className="flex flex-col gap-5" aria-labelledby="original-confirmed-title">
        <div className="flex flex-col gap-2">
          <h1 id="original-confirmed-title" className="text-2xl font-bold tracking-tight text-ink">
            {t('claim.original.confirmedTitle')}
          </h1>
          <p className="text-ink-muted">
            {t('claim.original.confirmedIntro', { merchant: page.merchant_name, amount })}
          </p>
        </div>
        <OriginalMethodTimeline />
        <Link to={paths.home.href()} className={buttonVariants.secondary}>
          {t('common.goHome')}
        </Link>
      </Card>
    );
  }

  return (
    <Card className="flex flex-col gap-5" aria-labelledby="original-review-title">
      <div className="flex flex-col gap-2">
        <h1 id="original-review-title" className="text-2xl font-bold tracking-tight text-ink">
          {t('claim.original.reviewTitle')}
        </h1>
        <p className="text-ink-muted">{t('claim.original.reviewIntro', { amount })}</p>
      </div>
      <OriginalMethodTimeline />
      <p className="rounded-xl bg-primary-soft px-4 py-3 text-sm text-on-primary-soft">
        {t('claim.original.instantHint')}
      </p>
      <div className="flex flex-col gap-3">
        <Button onClick={onConfirm} loading={choose.isPending}>
          {t('claim.original.confirm')}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={choose.isPending}>
          {t('claim.original.back')}
        </Button>
      </div>
    </Card>
  );
}
