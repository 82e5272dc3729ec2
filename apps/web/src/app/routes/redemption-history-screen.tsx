import { useTranslation } from 'react-i18next';
import { usePrepaidCardAction } from './prepaid-card-action';
import { TransactionList } from '../../features/transactions/components/transaction-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';

export function RedemptionHistoryScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.redemptionHistory'));
  const prepaidCard = usePrepaidCardAction();
  return (
    <div className="mx-auto flex max-w-2xl flex-col">
      <PageHeading intro={t('transactions.intro')}>{t('titles.redemptionHistory')}</PageHeading>
      <TransactionList action={prepaidCard} />
    </div>
  );
}
