import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { RefundDetails } from '../../features/history/components/refund-details';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';

export function RefundDetailsScreen() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  useDocumentTitle(t('titles.refundDetails'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <Link
        to={paths.refundsHistory.href()}
        className="self-start font-semibold text-primary underline-offset-4 hover:underline"
      >
        <span aria-hidden="true">‹ </span>
        {t('history.back')}
      </Link>
      <PageHeading>{t('titles.refundDetails')}</PageHeading>
      <RefundDetails refundUuid={uuid} />
    </div>
  );
}
