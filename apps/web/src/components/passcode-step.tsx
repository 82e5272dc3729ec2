import { useEffect, useId, useRef } from 'react';
import { Button } from './button';
import { CodeEntryForm } from './code-entry-form';
import { ErrorState, LoadingState } from './query-state';
import { ResendCountdown } from './resend-countdown';
import type { OtpAttempt } from '../lib/otp-attempt';
import { useFocusOnMount } from '../lib/use-focus-on-mount';

export interface PasscodeStepProps {
  /** The passcode on its way; null while it is being sent (or sending failed). */
  attempt: OtpAttempt | null;
  sendError: string | null;
  sending: boolean;
  onResend: () => void;
  onSubmit: (code: string) => void;
  submitting: boolean;
  serverError: string | null;
  onCancel: () => void;
}

interface PasscodeStepTexts {
  title: string;
  /** Says where the code went (the masked phone number). */
  intro: (destination: string) => string;
  sending: string;
  cancel: string;
}

/**
 * A passcode asked for before something secret is shown (a gift card's code, a prepaid card's
 * number): the heading takes focus when it appears, the code field once a code is on its way.
 */
export function PasscodeStep({
  texts,
  attempt,
  sendError,
  sending,
  onResend,
  onSubmit,
  submitting,
  serverError,
  onCancel,
}: PasscodeStepProps & { texts: PasscodeStepTexts }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const formRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const sentAt = attempt?.resendAvailableAt;

  // Once a code is on its way (again), the customer types it: focus goes to the code field.
  useEffect(() => {
    if (sentAt !== undefined) formRef.current?.querySelector('input')?.focus();
  }, [sentAt]);

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink">
        {texts.title}
      </h3>
      {attempt ? (
        <>
          <p className="text-ink-muted">{texts.intro(attempt.challenge.destination)}</p>
          <div ref={formRef}>
            <CodeEntryForm
              key={`code-${attempt.resendAvailableAt}`}
              onSubmit={onSubmit}
              pending={submitting}
              serverError={serverError}
            />
          </div>
          <ResendCountdown
            key={`resend-${attempt.resendAvailableAt}`}
            availableAt={attempt.resendAvailableAt}
            onResend={onResend}
            pending={sending}
          />
        </>
      ) : sendError ? (
        <ErrorState message={sendError} onRetry={onResend} />
      ) : (
        <LoadingState label={texts.sending} />
      )}
      <Button variant="ghost" className="self-center" onClick={onCancel}>
        {texts.cancel}
      </Button>
    </section>
  );
}
