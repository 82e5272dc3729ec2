import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { TeamShopList } from '../../features/brands/components/team-shop-list';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { MethodUnavailable } from './method-unavailable';
import { PageHeading } from './page-heading';

/**
 * The sports gift card (/redeem/sports-giftcard): the sports merchant's team shops, each a brand
 * of the gift card catalog bought through the usual gift card purchase.
 */
export function RedeemSportsGiftCardScreen() {
  const { t } = useTranslation();
  const title = t('giftCards.sports.title');
  useDocumentTitle(title);
  const methods = useRedemptionMethods();
  const method = methods.data?.find((m) => m.mode === 'giftcard');

  const body = () => {
    if (methods.isPending) return <LoadingState />;
    if (methods.isError) {
      return (
        <ErrorState
          message={t('common.fetchRecordsError')}
          onRetry={() => void methods.refetch()}
        />
      );
    }
    if (!method?.is_available) return <MethodUnavailable />;
    return <TeamShopList />;
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <BackLink to={paths.redeemGiftCard.href()}>{t('giftCards.sports.back')}</BackLink>
      <PageHeading intro={t('giftCards.sports.intro')}>{title}</PageHeading>
      {body()}
    </div>
  );
}
