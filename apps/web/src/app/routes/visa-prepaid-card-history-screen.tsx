import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { PrepaidCardList } from '../../features/prepaid/components/prepaid-card-list';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

/** /profile/visaprepaidcard-history: the customer's Visa prepaid cards. */
export function VisaPrepaidCardHistoryScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.visaPrepaidCardHistory'));
  const methods = useRedemptionMethods();
  // Getting a card is offered only while the method is.
  const offered = methods.data?.some((m) => m.mode === 'prepaid' && m.is_available) ?? false;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.profile.href()}>{t('profile.title')}</BackLink>
      <PageHeading intro={t('prepaid.history.intro')}>
        {t('titles.visaPrepaidCardHistory')}
      </PageHeading>
      <PrepaidCardList redeemHref={offered ? paths.redeemPrepaid.href() : null} />
    </div>
  );
}
