import type { PrepaidCardStatus } from '@refund/contracts/prepaid-cards';
import { useTranslation } from 'react-i18next';

const tones: Record<PrepaidCardStatus, string> = {
  processing: 'bg-warning-soft text-on-warning-soft',
  inactive: 'bg-primary-soft text-on-primary-soft',
  active: 'bg-success-soft text-success',
  canceled: 'bg-surface-muted text-ink-muted',
  expired: 'bg-surface-muted text-ink-muted',
  failed: 'bg-danger-soft text-danger',
};

/** Processing / Inactive / Active / Canceled / Expired / Failed, in words and colour. */
export function PrepaidCardStatusBadge({ status }: { status: PrepaidCardStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="prepaid-card-status"
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status]}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(`prepaid.status.${status}`)}
    </span>
  );
}
