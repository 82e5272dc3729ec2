import { formatDateTime, formatMoney } from '@refund/contracts/format';
import type { Refund } from '@refund/contracts/refunds';
import { useTranslation } from 'react-i18next';
import { FraudHoldInfo } from './fraud-hold-dialog';
import { StatusPill } from './status-pill';

type Return = Refund['returns'][number];

/** SPEC §4 refund hints: where a return's money stands and what it waits for. */
export function ReturnHint({ item }: { item: Return }) {
  const { t } = useTranslation();
  const hold = formatMoney(item.hold_amount_in_cents);
  switch (item.state) {
    case 'available':
      return (
        <div className="flex flex-col items-start">
          <StatusPill tone="success">{t('history.hint.available')}</StatusPill>
        </div>
      );
    case 'awaiting_pickup':
      return (
        <div className="flex flex-col items-start gap-1.5">
          <StatusPill tone="warning">{t('history.hint.awaitingPickup')}</StatusPill>
          <p className="text-sm text-ink-muted">{t('history.hint.awaitingPickupBody')}</p>
        </div>
      );
    case 'awaiting_fraud_check':
      return (
        <div className="flex flex-col items-start gap-1.5">
          <StatusPill tone="warning">{t('history.hint.awaitingFraudCheck')}</StatusPill>
          <p className="text-sm text-ink-muted">
            {t('history.hint.awaitingFraudCheckBody', { amount: hold })}
          </p>
          {item.hold_expires_at && (
            <p className="text-sm font-medium text-ink">
              {t('history.hint.holdExpires', { date: formatDateTime(item.hold_expires_at) })}
            </p>
          )}
          <FraudHoldInfo holdInCents={item.hold_amount_in_cents} expiresAt={item.hold_expires_at} />
        </div>
      );
    case 'reversed':
      return (
        <div className="flex flex-col items-start gap-1.5">
          <StatusPill tone="neutral">{t('history.hint.reversed')}</StatusPill>
          <p className="text-sm text-ink-muted">
            {t('history.hint.reversedBody', { amount: hold })}
          </p>
        </div>
      );
  }
}
