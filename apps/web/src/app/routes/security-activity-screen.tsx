import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { SecurityActivityList } from '../../features/account/components/security-activity-list';
import { SignOutOthers } from '../../features/account/components/sign-out-others';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

/**
 * /profile/security-activity: sign-ins and changes to the account, newest first, and a way to
 * sign out of every other device.
 */
export function SecurityActivityScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.security.title'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.profile.href()}>{t('profile.title')}</BackLink>
      <PageHeading intro={t('account.security.intro')}>{t('account.security.title')}</PageHeading>
      <SignOutOthers />
      <SecurityActivityList />
    </div>
  );
}
