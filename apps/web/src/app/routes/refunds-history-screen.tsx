import { useTranslation } from 'react-i18next';
import { StatementDownload } from '../../features/history/components/statement-download';
import { ActivityList } from './activity-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';

/**
 * Transaction History (/refunds-history): every movement of the wallet, newest first, and a
 * month's statement to download.
 */
export function RefundsHistoryScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.refundsHistory'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col">
      <PageHeading intro={t('activity.intro')}>{t('titles.refundsHistory')}</PageHeading>
      <StatementDownload />
      <ActivityList />
    </div>
  );
}
