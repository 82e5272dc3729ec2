import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import type { OtpAttempt } from '../../../lib/otp-attempt';
import { attemptFromLocationState, readSavedAttempt } from '../otp-attempt';
import { ResendCode } from './resend-code';
import { VerifyCodeForm } from './verify-code-form';

/** The verify step: the code form and the resend countdown for the current attempt. */
export function VerifyAccount() {
  const { t } = useTranslation();
  const location = useLocation();
  const [attempt, setAttempt] = useState<OtpAttempt | null>(
    () => attemptFromLocationState(location.state) ?? readSavedAttempt(),
  );

  if (!attempt) return <Navigate to={paths.auth.href()} replace />;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{t('verify.title')}</h1>
        <p className="text-ink-muted">
          {t('verify.sentTo', { destination: attempt.challenge.destination })}
        </p>
      </div>
      {/* A new code starts a fresh form: the old code and its error no longer apply. */}
      <VerifyCodeForm key={`code-${attempt.resendAvailableAt}`} attempt={attempt} />
      <ResendCode
        key={`resend-${attempt.resendAvailableAt}`}
        attempt={attempt}
        onResent={setAttempt}
      />
      <p className="text-center text-sm">
        <Link
          to={paths.auth.href()}
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t('verify.changeNumber')}
        </Link>
      </p>
    </div>
  );
}
