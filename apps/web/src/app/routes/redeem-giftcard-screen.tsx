import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { BrandCatalog } from '../../features/brands/components/brand-catalog';
import { SportsGiftCardEntry } from '../../features/brands/components/sports-gift-card-entry';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { MethodUnavailable } from './method-unavailable';
import { PageHeading } from './page-heading';

/** The first step of a gift card (/redeem/giftcard): the catalog of brands and their cashback. */
export function RedeemGiftCardScreen() {
  const { t } = useTranslation();
  const title = t('titles.redeemGiftCard');
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
    if (!method?.is_available) {
      return <MethodUnavailable />;
    }
    return (
      <>
        <SportsGiftCardEntry />
        <BrandCatalog />
      </>
    );
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <BackLink to={paths.home.href()}>{t('redeem.backHome')}</BackLink>
      <PageHeading intro={t('giftCards.catalog.intro')}>{title}</PageHeading>
      {body()}
    </div>
  );
}
