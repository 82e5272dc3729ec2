import { useTranslation } from 'react-i18next';
import { PrepaidCardActivation } from '../../features/prepaid/components/prepaid-card-activation';
import {
  TransactionList,
  type TransactionAction,
} from '../../features/transactions/components/transaction-list';
import { destinationText } from '../../features/transactions/components/transaction-text';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';

export function RedemptionHistoryScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.redemptionHistory'));
  // A redemption that loaded a prepaid card shows the card's status, and "Activate" while the
  // card is inactive (its id is the redemption's).
  const prepaidCard: TransactionAction = (transaction) => {
    const status = transaction.destination.card_status;
    if (transaction.destination.kind !== 'prepaid_card' || !status) return null;
    return (
      <PrepaidCardActivation
        cardUuid={transaction.transaction_id}
        status={status}
        cardLabel={destinationText(t, transaction)}
      />
    );
  };
  return (
    <div className="mx-auto flex max-w-2xl flex-col">
      <PageHeading intro={t('transactions.intro')}>{t('titles.redemptionHistory')}</PageHeading>
      <TransactionList action={prepaidCard} />
    </div>
  );
}
