import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PaymentMethods } from './payment-methods';
import { PageHeading } from './page-heading';

/** /profile/payment-methods: the saved debit cards and bank accounts. */
export function PaymentMethodsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.payment.title'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.profile.href()}>{t('profile.title')}</BackLink>
      <PageHeading intro={t('account.payment.intro')}>{t('account.payment.title')}</PageHeading>
      <PaymentMethods />
    </div>
  );
}
