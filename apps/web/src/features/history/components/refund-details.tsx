import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-error';
import { useRefund } from '../api/get-refund';
import { RefundCard } from './refund-card';

export function RefundDetails({ refundUuid }: { refundUuid: string }) {
  const { t } = useTranslation();
  const refund = useRefund(refundUuid);

  if (refund.isPending) return <LoadingState label={t('history.loading')} />;
  if (refund.isError) {
    // Someone else's refund answers exactly like one that does not exist.
    if (refund.error instanceof ApiError && [400, 404].includes(refund.error.status)) {
      return (
        <Card>
          <p role="alert" className="text-ink">
            {t('history.notFound')}
          </p>
        </Card>
      );
    }
    return (
      <ErrorState message={t('common.fetchRecordsError')} onRetry={() => void refund.refetch()} />
    );
  }
  return <RefundCard refund={refund.data} />;
}
