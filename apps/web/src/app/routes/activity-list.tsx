import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { mergeActivity } from '../../features/history/activity';
import { useRefunds } from '../../features/history/api/get-refunds';
import { useMovements } from '../../features/history/api/get-statement';
import { MovementRow } from '../../features/history/components/movement-row';
import { RefundRow } from '../../features/history/components/refund-row';
import { useTransactions } from '../../features/transactions/api/get-transactions';
import { TransactionItem } from '../../features/transactions/components/transaction-list';
import { usePrepaidCardAction } from './prepaid-card-action';

/**
 * Transaction History: the customer's refunds (money in), redemptions (money out) and every
 * other movement of the wallet's money (cashback, rewards, bonuses, free play, money given back)
 * in one compact list, newest first, each with its Pending / Successful / Failed badge and opening its
 * details; "Load more" pages whichever list holds the rest back.
 */
export function ActivityList() {
  const { t } = useTranslation();
  const refunds = useRefunds();
  const redemptions = useTransactions();
  const movements = useMovements();
  const prepaidCard = usePrepaidCardAction();

  if (refunds.isPending || redemptions.isPending || movements.isPending) {
    return <LoadingState label={t('activity.loading')} />;
  }
  if (
    (refunds.isError && !refunds.data) ||
    (redemptions.isError && !redemptions.data) ||
    (movements.isError && !movements.data)
  ) {
    return (
      <ErrorState
        message={t('common.fetchRecordsError')}
        onRetry={() => {
          if (refunds.isError) void refunds.refetch();
          if (redemptions.isError) void redemptions.refetch();
          if (movements.isError) void movements.refetch();
        }}
      />
    );
  }

  const merged = mergeActivity(
    { items: refunds.data.pages.flatMap((p) => p.data), hasMore: refunds.hasNextPage },
    { items: redemptions.data.pages.flatMap((p) => p.data), hasMore: redemptions.hasNextPage },
    { items: movements.data.pages.flatMap((p) => p.data), hasMore: movements.hasNextPage },
  );
  const lists = { refunds, redemptions, movements };
  const loadMore = () => {
    for (const name of merged.next) void lists[name].fetchNextPage();
  };

  if (merged.items.length === 0 && merged.next.length === 0) {
    return (
      <Card className="flex flex-col items-start gap-3">
        <h2 className="text-lg font-semibold text-ink">{t('activity.empty')}</h2>
        <p className="text-ink-muted">{t('activity.emptyBody')}</p>
      </Card>
    );
  }

  const failedNext = merged.next.some((name) => lists[name].isFetchNextPageError);
  const fetching = merged.next.some((name) => lists[name].isFetchingNextPage);
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('activity.listLabel')} className="flex flex-col gap-3">
        {merged.items.map((item) => (
          <li key={`${item.kind}:${item.id}`}>
            {item.kind === 'refund' ? (
              <RefundRow refund={item.refund} />
            ) : item.kind === 'redemption' ? (
              <TransactionItem transaction={item.transaction} action={prepaidCard} signed />
            ) : (
              <MovementRow line={item.line} />
            )}
          </li>
        ))}
      </ul>
      {failedNext ? (
        <ErrorState message={t('common.fetchRecordsError')} onRetry={loadMore} />
      ) : (
        merged.next.length > 0 && (
          <Button variant="secondary" onClick={loadMore} loading={fetching} className="self-center">
            {t('activity.loadMore')}
          </Button>
        )
      )}
    </div>
  );
}
