import type { GiftCardStatus } from '@refund/contracts/giftcards';
import { useTranslation } from 'react-i18next';

const tones: Record<GiftCardStatus, string> = {
  processing: 'bg-warning-soft text-on-warning-soft',
  issued: 'bg-success-soft text-success',
  failed: 'bg-danger-soft text-danger',
};

/** Processing / Issued / Failed, in words and colour. */
export function GiftCardStatusBadge({ status }: { status: GiftCardStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status]}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(`giftCardWallet.status.${status}`)}
    </span>
  );
}
