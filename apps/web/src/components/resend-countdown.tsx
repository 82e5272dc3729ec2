import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSecondsUntil } from '../lib/use-seconds-until';
import { Button } from './button';

interface ResendCountdownProps {
  /** Epoch milliseconds when the server accepts a resend. */
  availableAt: number;
  onResend: () => void;
  pending: boolean;
}

/** 'Resend code', disabled until the countdown the server gave has run out. */
export function ResendCountdown({ availableAt, onResend, pending }: ResendCountdownProps) {
  const { t } = useTranslation();
  const seconds = useSecondsUntil(availableAt);
  const countdownId = useId();
  return (
    <div className="flex flex-col items-center gap-1 text-center">
      <p className="text-sm text-ink-muted">{t('verify.noCode')}</p>
      <Button
        variant="ghost"
        onClick={onResend}
        disabled={seconds > 0}
        loading={pending}
        aria-describedby={seconds > 0 ? countdownId : undefined}
      >
        {t('verify.resend')}
      </Button>
      {seconds > 0 && (
        <p id={countdownId} className="text-sm text-ink-muted">
          {t('verify.resendIn', { count: seconds })}
        </p>
      )}
    </div>
  );
}
