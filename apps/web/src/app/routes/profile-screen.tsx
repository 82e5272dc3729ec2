import { useTranslation } from 'react-i18next';
import { Card } from '../../components/card';
import { APP_VERSION } from '../../config/app-version';
import { AppearanceSetting } from '../../features/profile/components/appearance-setting';
import { LanguageSetting } from '../../features/profile/components/language-setting';
import { ProfileMenu } from '../../features/profile/components/profile-menu';
import { ProfileSummary } from '../../features/profile/components/profile-summary';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LogoutButton } from './logout-button';
import { PageHeading } from './page-heading';

export function ProfileScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <PageHeading>{t('profile.title')}</PageHeading>
      <ProfileSummary />
      <ProfileMenu />
      <Card aria-labelledby="settings-heading" className="flex flex-col gap-5">
        <h2 id="settings-heading" className="text-lg font-semibold text-ink">
          {t('preferences.title')}
        </h2>
        <AppearanceSetting />
        <LanguageSetting />
      </Card>
      <LogoutButton />
      <p className="text-center text-sm text-ink-muted">
        {t('about.version', { version: APP_VERSION })}
      </p>
    </div>
  );
}
