import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CodeEntryForm } from '../../../components/code-entry-form';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ResendCountdown } from '../../../components/resend-countdown';
import type { OtpAttempt } from '../../../lib/otp-attempt';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount';

interface GiftCardPasscodeProps {
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

/** The passcode step that opens a card on a device it was never opened on. */
export function GiftCardPasscode({
  attempt,
  sendError,
  sending,
  onResend,
  onSubmit,
  submitting,
  serverError,
  onCancel,
}: GiftCardPasscodeProps) {
  const { t } = useTranslation();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink">
        {t('giftCardWallet.passcode.title')}
      </h3>
      {attempt ? (
        <>
          <p className="text-ink-muted">
            {t('giftCardWallet.passcode.intro', { destination: attempt.challenge.destination })}
          </p>
          <CodeEntryForm
            key={`code-${attempt.resendAvailableAt}`}
            onSubmit={onSubmit}
            pending={submitting}
            serverError={serverError}
          />
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
        <LoadingState label={t('giftCardWallet.passcode.sending')} />
      )}
      <Button variant="ghost" className="self-center" onClick={onCancel}>
        {t('giftCardWallet.passcode.cancel')}
      </Button>
    </section>
  );
}
