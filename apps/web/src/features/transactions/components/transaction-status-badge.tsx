import type { Transaction } from '@refund/contracts/redemptions';
import { useTranslation } from 'react-i18next';
import { Pill, StatusBadge } from '../../../components/status-badge';

/** A redemption's status; a payout that came back after it was sent also says "Returned". */
export function TransactionStatusBadge({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1.5">
      <StatusBadge status={transaction.status} />
      {transaction.returned && (
        <Pill className="bg-surface-muted text-ink-muted">{t('transactions.returned')}</Pill>
      )}
    </span>
  );
}
