import { formatDateTime, formatMoney } from '@refund/contracts/format';
import type { Transaction } from '@refund/contracts/redemptions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { Card, cardSurfaceClass } from '../../../components/card';
import { NextPage } from '../../../components/next-page';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useTransactions } from '../api/get-transactions';
import { TransactionStatusBadge } from './transaction-status-badge';
import { useDestinationText } from './transaction-text';

/** What a row offers besides opening the redemption, e.g. activating the card it loaded. */
export type TransactionAction = (transaction: Transaction) => ReactNode;

function TransactionRow({
  transaction,
  className,
  signed,
}: {
  transaction: Transaction;
  className: string;
  signed: boolean;
}) {
  const { t } = useTranslation();
  const destinationText = useDestinationText();
  return (
    <Link
      to={paths.redemptionDetails.href(transaction.transaction_id)}
      className={`${className} flex flex-col gap-3 p-4 hover:bg-surface-muted sm:p-5`}
    >
      <span className="flex items-start justify-between gap-3">
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="font-semibold text-ink">
            {t(`transactions.method.${transaction.mode}`)}
          </span>
          <span className="text-sm break-words text-ink-muted">{destinationText(transaction)}</span>
        </span>
        <span
          className="shrink-0 text-lg font-bold text-ink tabular-nums"
          data-testid="transaction-amount"
        >
          {signed
            ? t('activity.moneyOut', { amount: formatMoney(transaction.net_amount_in_cents) })
            : formatMoney(transaction.amount_in_cents)}
        </span>
      </span>
      <span className="flex flex-wrap items-center justify-between gap-2">
        <time dateTime={transaction.created_at} className="text-sm text-ink-muted">
          {formatDateTime(transaction.created_at)}
        </time>
        <TransactionStatusBadge transaction={transaction} />
      </span>
    </Link>
  );
}

/**
 * A redemption: the row opening its details, and below it (outside the link, as a control may
 * not sit inside one) what else it offers. `signed` shows it as a movement of the wallet's
 * money (Transaction History): what left for the destination, as −$x, its fee being a line of
 * its own; otherwise the amount redeemed.
 */
export function TransactionItem({
  transaction,
  action,
  signed = false,
}: {
  transaction: Transaction;
  action: TransactionAction | undefined;
  signed?: boolean;
}) {
  const extra = action?.(transaction);
  if (extra === undefined || extra === null || extra === false) {
    return (
      <TransactionRow transaction={transaction} className={cardSurfaceClass} signed={signed} />
    );
  }
  return (
    <div className={cardSurfaceClass}>
      <TransactionRow transaction={transaction} className="rounded-t-2xl" signed={signed} />
      <div className="border-t border-line px-4 py-3 sm:px-5">{extra}</div>
    </div>
  );
}

interface TransactionListProps {
  /** Offered on a row besides opening it, where it answers something. */
  action?: TransactionAction;
}

/** The customer's redemptions, newest first, a keyset page at a time ('Load more'). */
export function TransactionList({ action }: TransactionListProps = {}) {
  const { t } = useTranslation();
  const transactions = useTransactions();

  if (transactions.isPending) return <LoadingState label={t('transactions.loading')} />;
  if (transactions.isError && !transactions.data) {
    return (
      <ErrorState
        message={t('common.fetchRecordsError')}
        onRetry={() => void transactions.refetch()}
      />
    );
  }

  const items = transactions.data.pages.flatMap((page) => page.data);
  if (items.length === 0) {
    return (
      <Card className="flex flex-col items-start gap-3">
        <h2 className="text-lg font-semibold text-ink">{t('transactions.empty')}</h2>
        <p className="text-ink-muted">{t('transactions.emptyBody')}</p>
        <Link to={paths.home.href()} className={buttonVariants.primary}>
          {t('transactions.redeemNow')}
        </Link>
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t('transactions.listLabel')} className="flex flex-col gap-3">
        {items.map((transaction) => (
          <li key={transaction.transaction_id}>
            <TransactionItem transaction={transaction} action={action} />
          </li>
        ))}
      </ul>
      <NextPage query={transactions} label={t('transactions.loadMore')} />
    </div>
  );
}
