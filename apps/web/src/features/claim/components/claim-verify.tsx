import type { AccessTokenResponse } from '@refund/contracts/auth';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEntryForm } from '../../../components/code-entry-form';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ResendCountdown } from '../../../components/resend-countdown';
import { errorMessage } from '../../../lib/api-error';
import { attemptFromChallenge, type OtpAttempt } from '../../../lib/otp-attempt';
import { notify } from '../../../lib/toast';
import { useResendClaimOtp } from '../api/resend-claim-otp';
import { useStartClaimOtp } from '../api/start-claim-otp';
import { useVerifyClaimCode } from '../api/verify-claim-code';
import { clearClaimAttempt, readClaimAttempt, saveClaimAttempt } from '../claim-otp-attempt';
import type { ClaimVerification } from '../claim-routing-state';

interface ClaimVerifyProps {
  verification: ClaimVerification;
  /** The verified code's token; whoever composes this screen hands it to the sign-in state. */
  onVerified: (token: AccessTokenResponse) => void;
}

/**
 * /verify-account for a refund (SPEC §4 purposes REFUND_CLAIM and VERIFY_EMAIL): sends a code to
 * the refund's phone or email, then takes it, with the same look as the sign-in code entry.
 */
export function ClaimVerify({ verification, onVerified }: ClaimVerifyProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState<OtpAttempt | null>(() => readClaimAttempt(verification));
  const start = useStartClaimOtp();
  const resend = useResendClaimOtp();
  const verify = useVerifyClaimCode();
  const [serverError, setServerError] = useState<string | null>(null);
  const requested = useRef(false);
  const { refund_uuid, channel, purpose } = verification;

  const sendCode = () =>
    start.mutate(
      { refund_uuid, channel, purpose },
      {
        onSuccess: (challenge) => {
          const next = attemptFromChallenge(challenge);
          saveClaimAttempt({ refund_uuid, purpose }, next);
          setAttempt(next);
        },
      },
    );
  const sendFirstCode = useEffectEvent(sendCode);

  // One code per visit: a reload finds the saved attempt instead of sending another.
  useEffect(() => {
    if (attempt !== null || requested.current) return;
    requested.current = true;
    sendFirstCode();
  }, [attempt]);

  const onSubmit = (code: string) => {
    if (!attempt) return;
    setServerError(null);
    verify.mutate(
      { attempt_id: attempt.challenge.attempt_id, code },
      {
        onSuccess: (token) => {
          clearClaimAttempt();
          onVerified(token);
        },
        onError: (error) => setServerError(errorMessage(error)),
      },
    );
  };

  const onResend = () => {
    if (!attempt) return;
    resend.mutate(
      { purpose, attempt_id: attempt.challenge.attempt_id },
      {
        onSuccess: (challenge) => {
          const next = attemptFromChallenge(challenge);
          saveClaimAttempt({ refund_uuid, purpose }, next);
          setAttempt(next);
          notify.success(t('verify.resent'));
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  };

  const isEmail = purpose === 'VERIFY_EMAIL';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-ink">
          {isEmail ? t('claim.verify.emailTitle') : t('verify.title')}
        </h1>
        {attempt && (
          <p className="text-ink-muted">
            {t(isEmail ? 'claim.verify.emailIntro' : 'claim.verify.claimIntro', {
              destination: attempt.challenge.destination,
            })}
          </p>
        )}
        {verification.isAddPhoneNumber && (
          <p className="text-sm text-ink-muted">{t('claim.verify.emailFallback')}</p>
        )}
      </div>
      {attempt ? (
        <>
          {/* A new code starts a fresh form: the old code and its error no longer apply. */}
          <CodeEntryForm
            key={`code-${attempt.resendAvailableAt}`}
            onSubmit={onSubmit}
            pending={verify.isPending}
            serverError={serverError}
          />
          <ResendCountdown
            key={`resend-${attempt.resendAvailableAt}`}
            availableAt={attempt.resendAvailableAt}
            onResend={onResend}
            pending={resend.isPending}
          />
        </>
      ) : start.isError ? (
        <ErrorState message={errorMessage(start.error)} onRetry={sendCode} />
      ) : (
        <LoadingState label={t('claim.verify.sending')} />
      )}
    </div>
  );
}
