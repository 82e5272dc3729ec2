import { useTranslation } from 'react-i18next';
import { useTransaction } from '../../features/transactions/api/get-transaction';
import { TransactionDetails } from '../../features/transactions/components/transaction-details';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

interface TransactionDetailsPageProps {
  transactionId: string;
  /** The title until the redemption is loaded, or when it cannot be. */
  pageTitle: string;
  back: { to: string; label: string };
}

/**
 * A redemption's details, headed (heading and document title) by how it went: Redemption
 * Pending, Successful or failed. A pending one is looked at again, and the title follows.
 */
export function TransactionDetailsPage({
  transactionId,
  pageTitle,
  back,
}: TransactionDetailsPageProps) {
  const { t } = useTranslation();
  const { data } = useTransaction(transactionId);
  const title = data ? t(`redemptionTitle.${data.status}`) : pageTitle;
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeading>{title}</PageHeading>
      <TransactionDetails transactionId={transactionId} />
    </div>
  );
}
