import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useSecondsUntil } from '../../../lib/use-seconds-until';
import { useResendCode } from '../api/resend-code';
import { attemptFromChallenge, saveAttempt, type OtpAttempt } from '../otp-attempt';

interface ResendCodeProps {
  attempt: OtpAttempt;
  onResent: (attempt: OtpAttempt) => void;
}

/** The resend button stays disabled until the countdown the server gave has run out. */
export function ResendCode({ attempt, onResent }: ResendCodeProps) {
  const { t } = useTranslation();
  const resend = useResendCode();
  const seconds = useSecondsUntil(attempt.resendAvailableAt);
  const countdownId = useId();

  const onClick = () =>
    resend.mutate(attempt.challenge.attempt_id, {
      onSuccess: (challenge) => {
        const next = attemptFromChallenge(challenge);
        saveAttempt(next);
        onResent(next);
        notify.success(t('verify.resent'));
      },
      onError: (error) => void notify.error(errorMessage(error)),
    });

  return (
    <div className="flex flex-col items-center gap-1 text-center">
      <p className="text-sm text-ink-muted">{t('verify.noCode')}</p>
      <Button
        variant="ghost"
        onClick={onClick}
        disabled={seconds > 0}
        loading={resend.isPending}
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
