import { formatDateTime, formatMoney } from '@refund/contracts/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';

interface FraudHoldInfoProps {
  holdInCents: number;
  expiresAt: string | null;
}

/** The fraud-hold modal (SPEC §2 Transaction Details), opened from a held return. */
export function FraudHoldInfo({ holdInCents, expiresAt }: FraudHoldInfoProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="self-start rounded-lg text-sm font-semibold text-primary underline underline-offset-4"
      >
        {t('history.fraudHold.open')}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('history.fraudHold.title')}>
        <p>{t('history.fraudHold.why', { amount: formatMoney(holdInCents) })}</p>
        <p>
          {expiresAt
            ? t('history.fraudHold.release', { date: formatDateTime(expiresAt) })
            : t('history.fraudHold.releaseNoDate')}
        </p>
        <p>{t('history.fraudHold.failed')}</p>
      </Dialog>
    </>
  );
}
