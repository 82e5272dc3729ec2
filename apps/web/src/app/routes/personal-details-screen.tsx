import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AccountRightsCard } from '../../features/account/components/account-rights-card';
import { PersonalDetailsCard } from '../../features/profile/components/personal-details-card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LogoutButton } from './logout-button';
import { PageHeading } from './page-heading';

export function PersonalDetailsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('personalDetails.title'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <Link
        to={paths.profile.href()}
        className="self-start font-semibold text-primary underline-offset-4 hover:underline"
      >
        <span aria-hidden="true">‹ </span>
        {t('personalDetails.back')}
      </Link>
      <PageHeading>{t('personalDetails.title')}</PageHeading>
      <PersonalDetailsCard />
      <AccountRightsCard closeHref={paths.closeAccount.href()} />
      <LogoutButton />
    </div>
  );
}
