import { errorCatalog } from '@refund/contracts/errors';
import type { CurrentPhonePasscode } from '@refund/contracts/profile';
import { useTranslation } from 'react-i18next';
import { PasscodeStep } from '../../../components/passcode-step';
import { ApiError } from '../../../lib/api-error';
import { useTextedPasscode } from '../../../lib/use-texted-passcode';
import { useRequestContactChangeCode } from '../api/contact-change';

const passcodeCodes: readonly number[] = [
  errorCatalog.INCORRECT_OTP.code,
  errorCatalog.OTP_EXPIRED.code,
  errorCatalog.OTP_ATTEMPTS_EXCEEDED.code,
];

/** The refusal is about the code typed (shown at the code), not about the new contact. */
export const isPasscodeError = (error: unknown) =>
  error instanceof ApiError && passcodeCodes.includes(error.body.code);

/** The code texted to the current phone before a change of contact: sending and resending it. */
export function useContactStepUp() {
  const passcode = useTextedPasscode(useRequestContactChangeCode());
  return {
    attempt: passcode.attempt,
    sendError: passcode.sendError,
    sending: passcode.sending,
    /** Texts the first code (from the form's submit, never from an effect). */
    begin: () => passcode.begin(undefined),
    resend: () => passcode.resend(undefined),
  };
}

export type ContactStepUp = ReturnType<typeof useContactStepUp>;

interface ContactStepUpStepProps {
  stepUp: ContactStepUp;
  onSubmit: (passcode: CurrentPhonePasscode) => void;
  submitting: boolean;
  serverError: string | null;
  onCancel: () => void;
}

/**
 * "Confirm it's you": a change of e-mail or phone number goes ahead only with the code texted to
 * the account's current phone, which someone holding just a session (a copied cookie) lacks.
 */
export function ContactStepUpStep({
  stepUp,
  onSubmit,
  submitting,
  serverError,
  onCancel,
}: ContactStepUpStepProps) {
  const { t } = useTranslation();
  const { attempt } = stepUp;
  return (
    <PasscodeStep
      texts={{
        title: t('profileEdit.stepUpTitle'),
        intro: (destination) => t('profileEdit.stepUpIntro', { destination }),
        sending: t('profileEdit.stepUpSending'),
        cancel: t('profileEdit.cancel'),
      }}
      attempt={attempt}
      sendError={stepUp.sendError}
      sending={stepUp.sending}
      onResend={stepUp.resend}
      onSubmit={(code) => {
        if (attempt) onSubmit({ attempt_id: attempt.challenge.attempt_id, code });
      }}
      submitting={submitting}
      serverError={serverError}
      onCancel={onCancel}
    />
  );
}
