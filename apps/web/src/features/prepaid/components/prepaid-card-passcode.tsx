import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CodeEntryForm } from '../../../components/code-entry-form';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ResendCountdown } from '../../../components/resend-countdown';
import type { OtpAttempt } from '../../../lib/otp-attempt';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount';

interface PrepaidCardPasscodeProps {
  cardLabel: string;
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

/** The passcode step before a card's number is shown: asked for every time. */
export function PrepaidCardPasscode({
  cardLabel,
  attempt,
  sendError,
  sending,
  onResend,
  onSubmit,
  submitting,
  serverError,
  onCancel,
}: PrepaidCardPasscodeProps) {
  const { t } = useTranslation();
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
        {t('prepaid.passcode.title')}
      </h3>
      {attempt ? (
        <>
          <p className="text-ink-muted">
            {t('prepaid.passcode.intro', {
              card: cardLabel,
              destination: attempt.challenge.destination,
            })}
          </p>
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
        <LoadingState label={t('prepaid.passcode.sending')} />
      )}
      <Button variant="ghost" className="self-center" onClick={onCancel}>
        {t('prepaid.passcode.cancel')}
      </Button>
    </section>
  );
}
