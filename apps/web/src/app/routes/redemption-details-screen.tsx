import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { TransactionDetailsPage } from './transaction-details-page';

/** /profile/redemption-history/{uuid}: one redemption, from the history. */
export function RedemptionDetailsScreen() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  return (
    <TransactionDetailsPage
      transactionId={uuid}
      pageTitle={t('titles.redemptionDetails')}
      back={{ to: paths.redemptionHistory.href(), label: t('titles.redemptionHistory') }}
    />
  );
}
