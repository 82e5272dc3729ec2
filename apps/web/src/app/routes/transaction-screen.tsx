import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { TransactionDetailsPage } from './transaction-details-page';

/** SPEC §2 /transaction/{transaction_id}: a debit-card (OCT) or bank (ACH) payout's details. */
export function TransactionScreen() {
  const { t } = useTranslation();
  const { transaction_id: transactionId = '' } = useParams();
  return (
    <TransactionDetailsPage
      transactionId={transactionId}
      pageTitle={t('titles.transaction')}
      back={{ to: paths.home.href(), label: t('titles.home') }}
    />
  );
}
