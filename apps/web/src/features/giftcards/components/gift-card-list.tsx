import { brandDisplayName } from '@refund/contracts/brands';
import { formatDateTime, formatMoney } from '@refund/contracts/format';
import type { GiftCard } from '@refund/contracts/giftcards';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { Card, cardSurfaceClass } from '../../../components/card';
import { NextPage } from '../../../components/next-page';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useGiftCards, type GiftCardShelf } from '../api/get-gift-cards';
import { BrandArt } from './brand-art';
import { GiftCardStatusBadge } from './gift-card-status-badge';

interface GiftCardRowProps {
  card: GiftCard;
}

function GiftCardRow({ card }: GiftCardRowProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.giftCardDetails.href(card.reward_reference_id)}
      className={`${cardSurfaceClass} flex items-start gap-4 p-4 hover:bg-surface-muted sm:p-5`}
    >
      <BrandArt imageUrl={card.brand.image_url} className="w-20 sm:w-24" />
      <span className="flex min-w-0 flex-1 flex-col gap-1.5">
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0 font-semibold break-words text-ink">
            {brandDisplayName(card.brand)}
          </span>
          <span
            className="shrink-0 text-lg font-bold text-ink tabular-nums"
            data-testid="gift-card-amount"
          >
            {formatMoney(card.amount_in_cents)}
          </span>
        </span>
        {card.cashback_in_cents > 0 && (
          <span className="text-sm text-success">
            {t('giftCardWallet.cashbackShort', { amount: formatMoney(card.cashback_in_cents) })}
          </span>
        )}
        {card.reward_in_cents > 0 && (
          <span className="text-sm text-success" data-testid="gift-card-reward">
            {t('giftCardWallet.rewardShort', { amount: formatMoney(card.reward_in_cents) })}
          </span>
        )}
        <span className="flex flex-wrap items-center justify-between gap-2">
          <time dateTime={card.created_at} className="text-sm text-ink-muted">
            {formatDateTime(card.created_at)}
          </time>
          <GiftCardStatusBadge status={card.status} />
        </span>
        {card.status === 'failed' && (
          <span className="text-sm text-ink">{t('giftCardWallet.failedShort')}</span>
        )}
      </span>
    </Link>
  );
}

/** The cards on one shelf (active or used), newest first, a keyset page at a time. */
export function GiftCardList({ shelf }: { shelf: GiftCardShelf }) {
  const { t } = useTranslation();
  const cards = useGiftCards(shelf);

  if (cards.isPending) return <LoadingState label={t('giftCardWallet.loading')} />;
  if (cards.isError && !cards.data) {
    return (
      <ErrorState message={t('common.fetchRecordsError')} onRetry={() => void cards.refetch()} />
    );
  }

  const items = cards.data.pages.flatMap((page) => page.data);
  if (items.length === 0) {
    return (
      <Card className="flex flex-col items-start gap-3">
        <h2 className="text-lg font-semibold text-ink">{t(`giftCardWallet.empty.${shelf}`)}</h2>
        <p className="text-ink-muted">{t(`giftCardWallet.emptyBody.${shelf}`)}</p>
        {shelf === 'active' && (
          <Link to={paths.redeemGiftCard.href()} className={buttonVariants.primary}>
            {t('giftCardWallet.buyOne')}
          </Link>
        )}
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t(`giftCardWallet.listLabel.${shelf}`)} className="flex flex-col gap-3">
        {items.map((card) => (
          <li key={card.reward_reference_id}>
            <GiftCardRow card={card} />
          </li>
        ))}
      </ul>
      <NextPage query={cards} label={t('giftCardWallet.loadMore')} />
    </div>
  );
}
