import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { NextPage } from '../../../components/next-page';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { usePrepaidCards } from '../api/get-prepaid-cards';
import { PrepaidCardItem } from './prepaid-card-item';

interface PrepaidCardListProps {
  /** Where to get a card, offered when there is none; null when the method is not offered now. */
  redeemHref: string | null;
}

/** The customer's Visa prepaid cards, newest first, a keyset page at a time ('Load more'). */
export function PrepaidCardList({ redeemHref }: PrepaidCardListProps) {
  const { t } = useTranslation();
  const cards = usePrepaidCards();

  if (cards.isPending) return <LoadingState label={t('prepaid.history.loading')} />;
  if (cards.isError && !cards.data) {
    return (
      <ErrorState message={t('common.fetchRecordsError')} onRetry={() => void cards.refetch()} />
    );
  }

  const items = cards.data.pages.flatMap((page) => page.data);
  if (items.length === 0) {
    return (
      <Card className="flex flex-col items-start gap-3">
        <h2 className="text-lg font-semibold text-ink">{t('prepaid.history.empty')}</h2>
        <p className="text-ink-muted">{t('prepaid.history.emptyBody')}</p>
        {redeemHref && (
          <Link to={redeemHref} className={buttonVariants.primary}>
            {t('prepaid.history.getOne')}
          </Link>
        )}
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('prepaid.history.listLabel')} className="flex flex-col gap-4">
        {items.map((card) => (
          <li key={card.card_uuid}>
            <PrepaidCardItem card={card} />
          </li>
        ))}
      </ul>
      <NextPage query={cards} label={t('prepaid.history.loadMore')} />
    </div>
  );
}
