import { formatMoney } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { formatFeeRate, type RedemptionSummary as Summary } from '../amount';

interface RedemptionSummaryProps {
  summary: Summary;
  feeRate: number;
  /** What the last line calls what arrives; 'You receive' unless the method says better. */
  netLabel?: string | undefined;
}

/** Amount, fee and what arrives: shown before the customer confirms anything. */
export function RedemptionSummary({ summary, feeRate, netLabel }: RedemptionSummaryProps) {
  const { t } = useTranslation();
  return (
    <dl className="flex flex-col gap-2 rounded-xl bg-surface-muted px-4 py-3 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-ink-muted">{t('redeem.summary.amount')}</dt>
        <dd className="font-medium text-ink">{formatMoney(summary.amount)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-ink-muted">
          {feeRate > 0
            ? t('redeem.summary.feeWithRate', { rate: formatFeeRate(feeRate) })
            : t('redeem.summary.fee')}
        </dt>
        <dd className="font-medium text-ink">
          {summary.fee > 0 ? `−${formatMoney(summary.fee)}` : t('redeem.summary.noFee')}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-line pt-2 text-base">
        <dt className="font-semibold text-ink">{netLabel ?? t('redeem.summary.youReceive')}</dt>
        <dd className="font-bold text-ink">{formatMoney(summary.net)}</dd>
      </div>
    </dl>
  );
}
