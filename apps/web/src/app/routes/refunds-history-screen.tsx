import { useTranslation } from 'react-i18next';
import { RefundList } from '../../features/history/components/refund-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';

export function RefundsHistoryScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.refundsHistory'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col">
      <PageHeading intro={t('history.intro')}>{t('titles.refundsHistory')}</PageHeading>
      <RefundList />
    </div>
  );
}
