import { formatDateTime, formatMoney } from '@refund/contracts/format';
import type { Refund } from '@refund/contracts/refunds';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardSurfaceClass } from '../../../components/card';
import { StatusBadge, type TransactionStatus } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { refundTime } from '../activity';

/**
 * A refund in the three statuses of Transaction History: cancelled failed, pending or with part
 * of it still held (pick-up, fraud check) pending, otherwise successful.
 */
export function refundBadge(refund: Refund): TransactionStatus {
  if (refund.status === 'cancelled') return 'Failed';
  if (refund.status === 'pending') return 'Pending';
  const waiting = refund.returns.some(
    (r) => r.state === 'awaiting_pickup' || r.state === 'awaiting_fraud_check',
  );
  return refund.status === 'claimed' && waiting ? 'Pending' : 'Successful';
}

/** The refund-specific states behind the badge, in words, once each. */
function useRefundDetails(refund: Refund): string[] {
  const { t } = useTranslation();
  if (refund.status === 'original_method') return [t('refundStatus.original_method')];
  if (refund.status === 'cancelled') return [t('history.status.cancelled')];
  const hints = new Set<string>();
  for (const item of refund.returns) {
    if (item.state === 'awaiting_pickup') hints.add(t('history.hint.awaitingPickup'));
    if (item.state === 'awaiting_fraud_check') hints.add(t('history.hint.awaitingFraudCheck'));
    if (item.state === 'reversed') hints.add(t('history.hint.reversed'));
  }
  return [...hints];
}

/**
 * A refund in Transaction History: one compact row opening its details. Its amount is what the
 * claim put into the wallet, signed, as the rows of the list add up to the balance; a refund sent
 * back to the original payment method shows its amount unsigned, outside that sum.
 */
export function RefundRow({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  const badge = refundBadge(refund);
  const details = useRefundDetails(refund);
  const at = refundTime(refund);
  return (
    <Link
      to={paths.refundDetails.href(refund.refund_uuid)}
      className={`${cardSurfaceClass} flex flex-col gap-3 p-4 hover:bg-surface-muted sm:p-5`}
    >
      <span className="flex items-start justify-between gap-3">
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="font-semibold text-ink">
            {t('activity.refundFrom', { merchant: refund.merchant_name })}
          </span>
          <span className="text-sm break-words text-ink-muted">
            {t('activity.order', { orderNumber: refund.order_number })}
          </span>
        </span>
        {refund.wallet_credit_in_cents === null ? (
          // Money that never entered the wallet (sent back to the card it was paid with): shown
          // for the record, without a sign, as it is not part of the balance.
          <span
            className="shrink-0 text-lg font-bold text-ink-muted tabular-nums"
            data-testid="activity-amount"
          >
            {formatMoney(refund.amount_in_cents)}
          </span>
        ) : (
          <span
            className="shrink-0 text-lg font-bold text-success tabular-nums"
            data-testid="activity-amount"
          >
            {t('activity.moneyIn', { amount: formatMoney(refund.wallet_credit_in_cents) })}
          </span>
        )}
      </span>
      <span className="flex flex-wrap items-center justify-between gap-2">
        {at && (
          <time dateTime={at} className="text-sm text-ink-muted">
            {formatDateTime(at)}
          </time>
        )}
        <StatusBadge status={badge} />
      </span>
      {details.length > 0 && <span className="text-sm text-ink-muted">{details.join(' · ')}</span>}
    </Link>
  );
}
