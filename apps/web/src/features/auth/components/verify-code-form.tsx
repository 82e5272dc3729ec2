import { useState } from 'react';
import { CodeEntryForm } from '../../../components/code-entry-form';
import { trackAuthCompleted } from '../../../lib/analytics-events';
import { errorMessage } from '../../../lib/api-error';
import type { OtpAttempt } from '../../../lib/otp-attempt';
import { useVerifyCode } from '../api/verify-code';
import { useAuthMachine } from '../auth-context';
import { clearSavedAttempt } from '../otp-attempt';

export function VerifyCodeForm({ attempt }: { attempt: OtpAttempt }) {
  const auth = useAuthMachine();
  const verify = useVerifyCode();
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = (code: string) => {
    setServerError(null);
    verify.mutate(
      { attempt_id: attempt.challenge.attempt_id, code },
      {
        onSuccess: (token) => {
          clearSavedAttempt();
          auth.acceptToken(token);
          trackAuthCompleted();
        },
        onError: (error) => setServerError(errorMessage(error)),
      },
    );
  };

  return <CodeEntryForm onSubmit={onSubmit} pending={verify.isPending} serverError={serverError} />;
}
