import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { CloseAccount } from '../../features/account/components/close-account';
import { useAuthMachine } from '../../features/auth/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

/**
 * /profile/close-account: what closing does, the money that must be redeemed first, and the
 * passcode that closes the account; then the app signs out to the confirmation.
 */
export function CloseAccountScreen() {
  const { t } = useTranslation();
  const auth = useAuthMachine();
  useDocumentTitle(t('account.close.title'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.personalDetails.href()}>{t('personalDetails.title')}</BackLink>
      <PageHeading intro={t('account.close.intro')}>{t('account.close.title')}</PageHeading>
      <CloseAccount
        redeemHref={paths.home.href()}
        onClosed={() => void auth.logout(paths.accountClosed.href())}
      />
    </div>
  );
}
