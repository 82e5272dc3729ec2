import type { PrepaidCardSecrets } from '@refund/contracts/prepaid-cards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-error';
import { useTextedPasscode } from '../../../lib/use-texted-passcode';
import { useRevealPrepaidCard, useStartPrepaidCardDetailsOtp } from '../api/reveal-prepaid-card';
import { PrepaidCardPasscode } from './prepaid-card-passcode';
import { PrepaidCardSecretsView } from './prepaid-card-secrets';

type Step =
  { kind: 'closed' } | { kind: 'passcode' } | { kind: 'open'; secrets: PrepaidCardSecrets };

interface PrepaidCardRevealProps {
  cardUuid: string;
  /** 'Visa •••• 4242'. */
  cardLabel: string;
}

/**
 * "Show card details": texts a passcode, then shows the number, expiry and CVC. They live in
 * this component's state only: "Hide", a new passcode step or leaving the page forgets them, and
 * every showing needs a fresh passcode.
 */
export function PrepaidCardReveal({ cardUuid, cardLabel }: PrepaidCardRevealProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [passcodeError, setPasscodeError] = useState<string | null>(null);
  const passcode = useTextedPasscode(useStartPrepaidCardDetailsOtp());
  const reveal = useRevealPrepaidCard();

  const start = () => {
    setPasscodeError(null);
    setStep({ kind: 'passcode' });
    passcode.begin(cardUuid);
  };

  const submit = (code: string) => {
    const { attempt } = passcode;
    if (step.kind !== 'passcode' || !attempt) return;
    setPasscodeError(null);
    reveal.mutate(
      { cardUuid, passcode: { attempt_id: attempt.challenge.attempt_id, code } },
      {
        onSuccess: (secrets) => {
          setStep({ kind: 'open', secrets });
          // Nothing else keeps a copy: the mutation's own result is dropped.
          reveal.reset();
        },
        onError: (error) => setPasscodeError(errorMessage(error)),
      },
    );
  };

  const close = () => {
    setStep({ kind: 'closed' });
    setPasscodeError(null);
  };

  if (step.kind === 'open') {
    return <PrepaidCardSecretsView secrets={step.secrets} cardLabel={cardLabel} onHide={close} />;
  }
  if (step.kind === 'passcode') {
    return (
      <PrepaidCardPasscode
        cardLabel={cardLabel}
        attempt={passcode.attempt}
        sendError={passcode.sendError}
        sending={passcode.sending}
        onResend={() => passcode.resend(cardUuid)}
        onSubmit={submit}
        submitting={reveal.isPending}
        serverError={passcodeError}
        onCancel={close}
      />
    );
  }
  return (
    <Button
      variant="secondary"
      className="self-start"
      aria-label={t('prepaid.card.showDetailsLabel', { card: cardLabel })}
      onClick={start}
    >
      {t('prepaid.card.showDetails')}
    </Button>
  );
}
