import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import { NextPage } from '../../../components/next-page';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useRefunds } from '../api/get-refunds';
import { RefundCard } from './refund-card';

/** The customer's refunds, a keyset page at a time ('Load more'). */
export function RefundList() {
  const { t } = useTranslation();
  const refunds = useRefunds();

  if (refunds.isPending) return <LoadingState label={t('history.loading')} />;
  if (refunds.isError && !refunds.data) {
    return (
      <ErrorState message={t('common.fetchRecordsError')} onRetry={() => void refunds.refetch()} />
    );
  }

  const items = refunds.data.pages.flatMap((page) => page.data);
  if (items.length === 0) {
    return (
      <Card className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold text-ink">{t('history.empty')}</h2>
        <p className="text-ink-muted">{t('history.emptyBody')}</p>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {items.map((refund) => (
          <li key={refund.refund_uuid}>
            <RefundCard refund={refund} linkToDetails />
          </li>
        ))}
      </ul>
      <NextPage query={refunds} label={t('history.loadMore')} />
    </div>
  );
}
