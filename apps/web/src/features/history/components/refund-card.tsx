import { formatDateTime, formatMoney } from '@refund/contracts/format';
import type { Refund } from '@refund/contracts/refunds';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardClass } from '../../../components/card';
import { paths } from '../../../config/paths';
import { ReturnHint } from './return-hint';
import { StatusPill, type PillTone } from './status-pill';

const statusTone: Record<Refund['status'], PillTone> = {
  claimed: 'success',
  pending: 'warning',
  original_method: 'neutral',
  cancelled: 'danger',
};

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

interface RefundCardProps {
  refund: Refund;
  /** In the list the merchant name links to the refund's own page. */
  linkToDetails?: boolean;
}

/**
 * One of the customer's refunds, claimed or sent back to the original payment method: amount,
 * merchant, order, file ID, description, status and each return.
 */
export function RefundCard({ refund, linkToDetails = false }: RefundCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className={`${cardClass} flex flex-col gap-4`}>
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            {linkToDetails ? (
              <Link
                to={paths.refundDetails.href(refund.refund_uuid)}
                className="underline-offset-4 hover:underline"
              >
                {refund.merchant_name}
              </Link>
            ) : (
              refund.merchant_name
            )}
          </h2>
          {refund.claimed_at && (
            <p className="text-sm text-ink-muted">
              {t('history.claimedAt', { date: formatDateTime(refund.claimed_at) })}
            </p>
          )}
          {refund.original_method_at && (
            <p className="text-sm text-ink-muted">
              {t('refundStatus.originalMethodAt', {
                date: formatDateTime(refund.original_method_at),
              })}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className="text-xl font-bold text-ink tabular-nums" data-testid="refund-amount">
            {formatMoney(refund.amount_in_cents)}
          </p>
          <StatusPill tone={statusTone[refund.status]}>
            {refund.status === 'original_method'
              ? t('refundStatus.original_method')
              : t(`history.status.${refund.status}`)}
          </StatusPill>
        </div>
      </div>

      {refund.status === 'original_method' && (
        <p className="rounded-xl bg-surface-muted px-4 py-3 text-sm text-ink-muted">
          {t('refundStatus.originalMethodHint')}
        </p>
      )}

      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Field label={t('history.orderNumber')}>{refund.order_number}</Field>
        <Field label={t('history.fileId')}>{refund.file_id ?? t('history.noFileId')}</Field>
        <Field label={t('history.description')} wide>
          {refund.description}
        </Field>
      </dl>

      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-ink">{t('history.returns')}</h3>
        <ul className="flex flex-col gap-2">
          {refund.returns.map((item) => (
            <li
              key={item.return_uuid}
              className="flex flex-col gap-2 rounded-xl border border-line p-3"
            >
              <div className="flex items-start justify-between gap-3">
                <span className="font-medium text-ink">{item.description}</span>
                <span className="font-semibold text-ink tabular-nums">
                  {formatMoney(item.amount_in_cents)}
                </span>
              </div>
              {refund.status !== 'original_method' && <ReturnHint item={item} />}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
