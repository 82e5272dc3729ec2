import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { usePrepaidCardAction } from './prepaid-card-action';
import { TransactionList } from '../../features/transactions/components/transaction-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

/** /profile/redemption-history: every way money left the wallet, each opening its details. */
export function RedemptionHistoryScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.redemptionHistory'));
  const prepaidCard = usePrepaidCardAction();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.profile.href()}>{t('profile.title')}</BackLink>
      <div className="flex flex-col">
        <PageHeading intro={t('transactions.intro')}>{t('titles.redemptionHistory')}</PageHeading>
        <TransactionList action={prepaidCard} />
      </div>
    </div>
  );
}
