import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { TeamShopList } from '../../../features/brands/components/team-shop-list';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BackLink } from '../../routes/back-link';
import { WhenMethodOffered } from '../../routes/method-unavailable';
import { PageHeading } from '../../routes/page-heading';

/**
 * The sports gift card (/redeem/sports-giftcard): the sports merchant's team shops, each a brand
 * of the gift card catalog bought through the usual gift card purchase.
 */
export function RedeemSportsGiftCardScreen() {
  const { t } = useTranslation();
  const title = t('giftCards.sports.title');
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <BackLink to={paths.redeemGiftCard.href()}>{t('giftCards.sports.back')}</BackLink>
      <PageHeading intro={t('giftCards.sports.intro')}>{title}</PageHeading>
      <WhenMethodOffered mode="giftcard">
        <TeamShopList />
      </WhenMethodOffered>
    </div>
  );
}
