import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { BrandCatalog } from '../../features/brands/components/brand-catalog';
import { SportsGiftCardEntry } from '../../features/brands/components/sports-gift-card-entry';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { WhenMethodOffered } from './method-unavailable';
import { PageHeading } from './page-heading';

/** The first step of a gift card (/redeem/giftcard): the catalog of brands and their cashback. */
export function RedeemGiftCardScreen() {
  const { t } = useTranslation();
  const title = t('titles.redeemGiftCard');
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <BackLink to={paths.home.href()}>{t('redeem.backHome')}</BackLink>
      <PageHeading intro={t('giftCards.catalog.intro')}>{title}</PageHeading>
      <WhenMethodOffered mode="giftcard">
        <SportsGiftCardEntry />
        <BrandCatalog />
      </WhenMethodOffered>
    </div>
  );
}
