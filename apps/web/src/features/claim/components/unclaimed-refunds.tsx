import { formatMoney, formatShortDate } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';
import { useUnclaimedRefunds } from '../api/get-unclaimed-refunds';

/**
 * Home: refunds merchants sent to the signed-in customer that wait to be claimed, each with its
 * claim link. Nothing shows while there are none (or while they load).
 */
export function UnclaimedRefunds() {
  const { t } = useTranslation();
  const unclaimed = useUnclaimedRefunds();
  if (unclaimed.isError) {
    return (
      <Card>
        <p role="alert" className="text-ink-muted">
          {t('unclaimed.error')}
        </p>
      </Card>
    );
  }
  if (!unclaimed.data || unclaimed.data.length === 0) return null;
  return (
    <Card aria-labelledby="unclaimed-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="unclaimed-heading" className="text-lg font-semibold text-ink">
          {t('unclaimed.title')}
        </h2>
        <p className="text-sm text-ink-muted">{t('unclaimed.intro')}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {unclaimed.data.map((refund) => {
          const amount = formatMoney(refund.amount_in_cents);
          return (
            <li
              key={refund.refund_uuid}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line p-4"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="font-semibold text-ink">{refund.merchant_name}</span>
                <span className="text-sm text-ink-muted">
                  {t('unclaimed.claimBy', {
                    orderNumber: refund.order_number,
                    date: formatShortDate(refund.expires_at),
                  })}
                </span>
              </div>
              <Link
                to={paths.claim.href(refund.refund_uuid)}
                aria-label={t('unclaimed.claimLabel', { amount, merchant: refund.merchant_name })}
                className={buttonVariants.primary}
              >
                {t('unclaimed.claim', { amount })}
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
