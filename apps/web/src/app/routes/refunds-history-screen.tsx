import { useTranslation } from 'react-i18next';
import { ActivityList } from './activity-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';

/** Transaction History (/refunds-history): refunds and redemptions, newest first. */
export function RefundsHistoryScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.refundsHistory'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col">
      <PageHeading intro={t('activity.intro')}>{t('titles.refundsHistory')}</PageHeading>
      <ActivityList />
    </div>
  );
}
