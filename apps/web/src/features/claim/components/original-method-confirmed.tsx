import { formatMoney } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';
import { OriginalMethodTimeline } from './original-method-timeline';
import { useRouteHeading } from '../../../lib/route-focus';

interface OriginalMethodConfirmedProps {
  merchantName: string;
  amountInCents: number;
}

/** The refund goes back to the original payment method: what happens next. */
export function OriginalMethodConfirmed({
  merchantName,
  amountInCents,
}: OriginalMethodConfirmedProps) {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-5" aria-labelledby="original-confirmed-title">
      <div className="flex flex-col gap-2">
        <h1
          {...heading}
          id="original-confirmed-title"
          className="text-2xl font-bold tracking-tight text-ink"
        >
          {t('claim.original.confirmedTitle')}
        </h1>
        <p className="text-ink-muted">
          {t('claim.original.confirmedIntro', {
            merchant: merchantName,
            amount: formatMoney(amountInCents),
          })}
        </p>
      </div>
      <OriginalMethodTimeline />
      <Link to={paths.home.href()} className={buttonVariants.secondary}>
        {t('common.goHome')}
      </Link>
    </Card>
  );
}
