import { formatMoney } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { cardSurfaceClass } from '../../../components/card';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useClaimNextStep } from '../api/get-claim-next-step';
import type { ClaimWelcomeState } from '../claim-routing-state';
import { routeForNextStep, type NextStepDecision } from '../next-step-route';
import { MerchantIdentity, MerchantSplash } from './merchant-banner';

function GiftIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="mt-0.5 size-6 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8M12 8v13" />
      <path d="M12 8S10.5 3.5 8 4.2C6 4.8 6.8 8 9 8M12 8s1.5-4.5 4-3.8C18 4.8 17.2 8 15 8" />
    </svg>
  );
}

interface ClaimWelcomeProps {
  state: ClaimWelcomeState;
  signedIn: boolean;
  onNext: (decision: NextStepDecision) => void;
}

/** SPEC §2 claim welcome: greeting, amount, bonus, terms; Continue asks the server what next. */
export function ClaimWelcome({ state, signedIn, onNext }: ClaimWelcomeProps) {
  const { t } = useTranslation();
  const nextStep = useClaimNextStep();
  const amount = state.amountInCents ?? null;

  const onContinue = () =>
    nextStep.mutate(state.refund_uuid, {
      onSuccess: (step) =>
        onNext(
          routeForNextStep(
            step,
            { refund_uuid: state.refund_uuid, amount_in_cents: amount, name: state.name ?? null },
            { signedIn },
          ),
        ),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <section className={`${cardSurfaceClass} overflow-hidden`} aria-labelledby="welcome-title">
      <MerchantSplash fileKey={state.splashFileKey} />
      <div className="flex flex-col gap-5 p-5 sm:p-6">
        <MerchantIdentity logoFileKey={state.logoFileKey} />
        <div className="flex flex-col gap-2">
          <h1 id="welcome-title" className="text-2xl font-bold tracking-tight text-ink">
            {state.name ? t('claim.welcomeName', { name: state.name }) : t('claim.welcome')}
          </h1>
          {amount !== null && (
            <p className="text-xl font-semibold text-ink">
              {t('claim.redeemNow', { amount: formatMoney(amount) })}
            </p>
          )}
          <p className="text-ink-muted">{t('claim.welcomeBody')}</p>
        </div>
        {amount !== null && (
          <p className="flex gap-3 rounded-2xl bg-primary-soft p-4 text-on-primary-soft">
            <GiftIcon />
            <span className="font-medium">{t('claim.bonus')}</span>
          </p>
        )}
        <Button onClick={onContinue} loading={nextStep.isPending}>
          {t('claim.continue')}
        </Button>
        <p className="text-center text-xs text-ink-muted">{t('claim.terms')}</p>
      </div>
    </section>
  );
}
