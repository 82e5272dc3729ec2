import type { OtpChallenge } from '@refund/contracts/auth';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './api-error';
import { attemptFromChallenge, type OtpAttempt } from './otp-attempt';
import { notify } from './toast';

/**
 * A passcode texted before something is shown or changed (a gift card's code, a prepaid card's
 * number, a change of contact): the attempt on its way, sending it and sending it again. A first
 * send that fails is said in place; a failed resend is a toast, the code entry staying open.
 */
export function useTextedPasscode<V>(
  send: UseMutationResult<OtpChallenge, unknown, V>,
  /** Also told of a failed send (a screen that reads its state again, say). */
  onSendError?: (error: unknown) => void,
) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState<OtpAttempt | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);

  const text = (variables: V, resend: boolean) => {
    setSendError(null);
    send.mutate(variables, {
      onSuccess: (challenge) => {
        setAttempt(attemptFromChallenge(challenge));
        if (resend) notify.success(t('verify.resent'));
      },
      onError: (error) => {
        if (resend) notify.error(errorMessage(error));
        else setSendError(errorMessage(error));
        onSendError?.(error);
      },
    });
  };

  return {
    attempt,
    sendError,
    sending: send.isPending,
    /** Texts a first code, forgetting any earlier attempt (from an event, never an effect). */
    begin: (variables: V) => {
      setAttempt(null);
      text(variables, false);
    },
    /** A new code after the countdown; when the first send failed, that send again. */
    resend: (variables: V) => text(variables, attempt !== null),
  };
}

export type TextedPasscode = ReturnType<typeof useTextedPasscode>;
