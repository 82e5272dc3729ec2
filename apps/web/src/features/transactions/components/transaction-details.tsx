import { formatDateTime, formatMoney } from '@refund/contracts/format';
import type { Transaction } from '@refund/contracts/redemptions';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, cardClass } from '../../../components/card';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-error';
import { useTransaction } from '../api/get-transaction';
import { TransactionStatusBadge } from './transaction-status-badge';
import { useMethodUI } from '../../../lib/methods/method-registry';
import { useDestinationText } from './transaction-text';

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

/** Why a redemption did not reach its destination, and where the money is now. */
function FailureNotice({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  const { details } = useMethodUI(transaction.mode);
  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-danger bg-danger-soft p-4 text-sm">
      <p className="font-semibold text-ink">
        {transaction.returned ? t(details.returnedTitleKey) : t('transactions.details.failedTitle')}
      </p>
      {transaction.failure_reason && <p className="text-ink">{transaction.failure_reason}</p>}
      <p className="text-ink">
        {t('transactions.details.backInBalance', {
          amount: formatMoney(transaction.amount_in_cents),
        })}
      </p>
    </div>
  );
}

/** One redemption: amounts, destination, method, dates, network reference and outcome. */
export function TransactionCard({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation();
  const titleId = useId();
  const destination = useDestinationText()(transaction);
  const { details } = useMethodUI(transaction.mode);
  return (
    <article aria-labelledby={titleId} className={`${cardClass} flex flex-col gap-5`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className="min-w-0 text-xl font-bold break-words text-ink">
          {t('transactions.details.heading', {
            amount: formatMoney(transaction.amount_in_cents),
            destination,
          })}
        </h2>
        <TransactionStatusBadge transaction={transaction} />
      </div>

      {transaction.status === 'Failed' && <FailureNotice transaction={transaction} />}
      {transaction.status === 'Pending' && (
        <p className="text-sm text-ink-muted">{t('transactions.details.pendingNote')}</p>
      )}

      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <Field label={t('transactions.details.amount')}>
          <span className="tabular-nums">{formatMoney(transaction.amount_in_cents)}</span>
        </Field>
        <Field label={t('transactions.details.fee')}>
          <span className="tabular-nums">{formatMoney(transaction.fee_in_cents)}</span>
        </Field>
        <Field label={t('transactions.details.net')}>
          <span className="tabular-nums">{formatMoney(transaction.net_amount_in_cents)}</span>
        </Field>
        <Field label={t(details.destinationLabelKey)}>{destination}</Field>
        <Field label={t('transactions.details.method')}>
          {t(`transactions.details.methodName.${transaction.mode}`)}
        </Field>
        <Field label={t('transactions.details.createdAt')}>
          <time dateTime={transaction.created_at}>{formatDateTime(transaction.created_at)}</time>
        </Field>
        {transaction.completed_at && (
          <Field label={t('transactions.details.completedAt')}>
            <time dateTime={transaction.completed_at}>
              {formatDateTime(transaction.completed_at)}
            </time>
          </Field>
        )}
        {transaction.network_reference && (
          <Field label={t('transactions.details.networkReference')}>
            <span className="break-all">{transaction.network_reference}</span>
          </Field>
        )}
        <Field label={t('transactions.details.transactionId')} wide>
          <span className="break-all">{transaction.transaction_id}</span>
        </Field>
      </dl>
    </article>
  );
}

/** Loads a redemption by id; someone else's or an unknown id reads as not found. */
export function TransactionDetails({ transactionId }: { transactionId: string }) {
  const { t } = useTranslation();
  const transaction = useTransaction(transactionId);

  if (transaction.isPending) return <LoadingState label={t('transactions.loadingOne')} />;
  // A failed refresh of a pending redemption keeps showing what was loaded.
  if (!transaction.data) {
    const { error } = transaction;
    // Someone else's transaction answers exactly like one that does not exist; a malformed id
    // is rejected before the lookup.
    if (error instanceof ApiError && [400, 404].includes(error.status)) {
      return (
        <Card className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-ink">{t('transactions.notFound')}</h2>
          <p className="text-ink-muted">{t('transactions.notFoundBody')}</p>
        </Card>
      );
    }
    return (
      <ErrorState
        message={t('common.fetchRecordsError')}
        onRetry={() => void transaction.refetch()}
      />
    );
  }
  return <TransactionCard transaction={transaction.data} />;
}
