import { errorCatalog } from '@refund/contracts/errors';
import type { GiftCardCredentials } from '@refund/contracts/giftcards';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useTextedPasscode } from '../../../lib/use-texted-passcode';
import { useOpenGiftCard, useStartGiftCardOtp } from '../api/open-gift-card';
import { useViewLater } from '../api/view-later';
import { GiftCardCredentialsView } from './gift-card-credentials';
import { GiftCardPasscode } from './gift-card-passcode';

type Step =
  { kind: 'closed' } | { kind: 'passcode' } | { kind: 'open'; credentials: GiftCardCredentials };

const needsPasscode = (error: unknown) =>
  error instanceof ApiError && error.body.code === errorCatalog.PASSCODE_REQUIRED.code;

interface GiftCardCodeProps {
  reference: string;
  /** After "View later" texted the link. */
  onViewLaterSent: () => void;
}

/**
 * An issued card's code: "View now" opens it (on a new device, after a passcode texted to the
 * customer), "View later" texts a link to it. The credentials live in this component's state
 * only, never in storage, and are gone when it unmounts or "Hide" is pressed.
 */
export function GiftCardCode({ reference, onViewLaterSent }: GiftCardCodeProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [openError, setOpenError] = useState<string | null>(null);
  const [passcodeError, setPasscodeError] = useState<string | null>(null);
  const [laterError, setLaterError] = useState<string | null>(null);
  const open = useOpenGiftCard();
  const passcode = useTextedPasscode(useStartGiftCardOtp());
  const viewLater = useViewLater();
  const titleId = useId();

  const showCredentials = (credentials: GiftCardCredentials) => {
    setStep({ kind: 'open', credentials });
    // Nothing else keeps a copy: the mutation's own result is dropped.
    open.reset();
  };

  const viewNow = () => {
    setOpenError(null);
    setLaterError(null);
    open.mutate(
      { reference },
      {
        onSuccess: showCredentials,
        onError: (error) => {
          if (!needsPasscode(error)) {
            setOpenError(errorMessage(error));
            return;
          }
          setPasscodeError(null);
          setStep({ kind: 'passcode' });
          passcode.begin(reference);
        },
      },
    );
  };

  const submitPasscode = (code: string) => {
    const { attempt } = passcode;
    if (step.kind !== 'passcode' || !attempt) return;
    setPasscodeError(null);
    open.mutate(
      { reference, passcode: { attempt_id: attempt.challenge.attempt_id, code } },
      {
        onSuccess: showCredentials,
        onError: (error) => setPasscodeError(errorMessage(error)),
      },
    );
  };

  const later = () => {
    setOpenError(null);
    setLaterError(null);
    viewLater.mutate(reference, {
      onSuccess: onViewLaterSent,
      // Asked again within the minute: the server says the link was just sent.
      onError: (error) => setLaterError(errorMessage(error)),
    });
  };

  const close = () => {
    setStep({ kind: 'closed' });
    setPasscodeError(null);
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-lg font-semibold text-ink">
        {t('giftCardWallet.code.title')}
      </h2>
      {step.kind === 'open' ? (
        <GiftCardCredentialsView credentials={step.credentials} onHide={close} />
      ) : step.kind === 'passcode' ? (
        <GiftCardPasscode
          attempt={passcode.attempt}
          sendError={passcode.sendError}
          sending={passcode.sending}
          onResend={() => passcode.resend(reference)}
          onSubmit={submitPasscode}
          submitting={open.isPending}
          serverError={passcodeError}
          onCancel={close}
        />
      ) : (
        <>
          <div className="flex flex-wrap gap-3">
            <Button onClick={viewNow} loading={open.isPending}>
              {t('giftCardWallet.code.viewNow')}
            </Button>
            <Button variant="secondary" onClick={later} loading={viewLater.isPending}>
              {t('giftCardWallet.code.viewLater')}
            </Button>
          </div>
          <p className="text-sm text-ink-muted">{t('giftCardWallet.code.viewLaterHint')}</p>
          <FormAlert message={openError ?? laterError} />
        </>
      )}
    </section>
  );
}
