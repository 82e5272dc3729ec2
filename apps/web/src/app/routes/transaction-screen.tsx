import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { TransactionDetails } from '../../features/transactions/components/transaction-details';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';

/** SPEC §2 /transaction/{transaction_id}: a debit-card (OCT) or bank (ACH) payout's details. */
export function TransactionScreen() {
  const { t } = useTranslation();
  const { transaction_id: transactionId = '' } = useParams();
  useDocumentTitle(t('titles.transaction'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <Link
        to={paths.home.href()}
        className="self-start font-semibold text-primary underline-offset-4 hover:underline"
      >
        <span aria-hidden="true">‹ </span>
        {t('titles.home')}
      </Link>
      <PageHeading>{t('titles.transaction')}</PageHeading>
      <TransactionDetails transactionId={transactionId} />
    </div>
  );
}
