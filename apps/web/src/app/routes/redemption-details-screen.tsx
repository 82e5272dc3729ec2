import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { TransactionDetails } from '../../features/transactions/components/transaction-details';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';

export function RedemptionDetailsScreen() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  useDocumentTitle(t('titles.redemptionDetails'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <Link
        to={paths.redemptionHistory.href()}
        className="self-start font-semibold text-primary underline-offset-4 hover:underline"
      >
        <span aria-hidden="true">‹ </span>
        {t('titles.redemptionHistory')}
      </Link>
      <PageHeading>{t('titles.redemptionDetails')}</PageHeading>
      <TransactionDetails transactionId={uuid} />
    </div>
  );
}
