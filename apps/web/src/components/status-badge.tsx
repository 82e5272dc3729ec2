import type { Transaction } from '@refund/contracts/redemptions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type TransactionStatus = Transaction['status'];

const tones: Record<TransactionStatus, string> = {
  Pending: 'bg-warning-soft text-on-warning-soft',
  Successful: 'bg-success-soft text-success',
  Failed: 'bg-danger-soft text-danger',
};

const pillClass =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** A small rounded label in a colour of its own. */
export function Pill({ className, children }: { className: string; children: ReactNode }) {
  return <span className={`${pillClass} ${className}`}>{children}</span>;
}

/** Pending / Successful / Failed in words and colour: of a redemption, or of a refund. */
export function StatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation();
  return (
    <Pill className={tones[status]}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(`transactions.status.${status}`)}
    </Pill>
  );
}
