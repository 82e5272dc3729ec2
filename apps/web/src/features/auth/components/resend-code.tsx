import { useTranslation } from 'react-i18next';
import { ResendCountdown } from '../../../components/resend-countdown';
import { errorMessage } from '../../../lib/api-error';
import { attemptFromChallenge, type OtpAttempt } from '../../../lib/otp-attempt';
import { notify } from '../../../lib/toast';
import { useResendCode } from '../api/resend-code';
import { saveAttempt } from '../otp-attempt';

interface ResendCodeProps {
  attempt: OtpAttempt;
  onResent: (attempt: OtpAttempt) => void;
}

export function ResendCode({ attempt, onResent }: ResendCodeProps) {
  const { t } = useTranslation();
  const resend = useResendCode();

  const onResend = () =>
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
    <ResendCountdown
      availableAt={attempt.resendAvailableAt}
      onResend={onResend}
      pending={resend.isPending}
    />
  );
}
