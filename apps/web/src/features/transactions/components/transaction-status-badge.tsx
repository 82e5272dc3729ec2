import type { Transaction } from '@refund/contracts/redemptions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const tones: Record<Transaction['status'], string> = {
  Pending: 'bg-warning-soft text-on-warning-soft',
  Successful: 'bg-success-soft text-success',
  Failed: 'bg-danger-soft text-danger',
};

const pillClass =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold';

function Pill({ className, children }: { className: string; children: ReactNode }) {
  return <span className={`${pillClass} ${className}`}>{children}</span>;
}

/**
 * Pending / Successful / Failed in words and colour; a payout that came back after it was sent
 * also says "Returned".
 */
export function TransactionStatusBadge({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1.5">
      <Pill className={tones[transaction.status]}>
        <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
        {t(`transactions.status.${transaction.status}`)}
      </Pill>
      {transaction.returned && (
        <Pill className="bg-surface-muted text-ink-muted">{t('transactions.returned')}</Pill>
      )}
    </span>
  );
}
