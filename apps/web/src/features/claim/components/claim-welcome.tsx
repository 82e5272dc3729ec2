import { formatMoney, formatShortDate } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { cardSurfaceClass } from '../../../components/card';
import { errorMessage } from '../../../lib/api-error';
import { useAppConfig } from '../../../lib/get-app-config';
import { notify } from '../../../lib/toast';
import { offeredWelcomeBonus } from '../../../lib/welcome-bonus';
import { useClaimNextStep } from '../api/get-claim-next-step';
import type { ClaimWelcomeState } from '../claim-routing-state';
import { routeForNextStep, type NextStepDecision } from '../next-step-route';
import { MerchantIdentity, MerchantSplash } from './merchant-banner';
import { ConsentText } from '../../../components/consent-text';
import { useRouteHeading } from '../../../lib/route-focus';

interface ClaimWelcomeProps {
  state: ClaimWelcomeState;
  signedIn: boolean;
  onNext: (decision: NextStepDecision) => void;
}

/**
 * SPEC §2 claim welcome: greeting, amount, terms; Continue asks the server what next. With a
 * refund amount, the welcome bonus the server offers (its amount and last day, from the app
 * config), and nothing about a bonus when it offers none.
 */
export function ClaimWelcome({ state, signedIn, onNext }: ClaimWelcomeProps) {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  const nextStep = useClaimNextStep();
  const amount = state.amountInCents ?? null;
  const bonus = offeredWelcomeBonus(useAppConfig().data?.welcome_bonus);

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
          <h1
            {...heading}
            id="welcome-title"
            className="text-2xl font-bold tracking-tight text-ink"
          >
            {state.name ? t('claim.welcomeName', { name: state.name }) : t('claim.welcome')}
          </h1>
          {amount !== null && (
            <p className="text-xl font-semibold text-ink">
              {t('claim.redeemNow', { amount: formatMoney(amount) })}
            </p>
          )}
          {amount !== null && bonus && (
            <p data-testid="claim-welcome-bonus" className="text-ink">
              {t('claim.welcomeBonus', {
                amount: formatMoney(bonus.amount_in_cents),
                date: formatShortDate(bonus.last_day),
              })}
            </p>
          )}
          <p className="text-ink-muted">{t('claim.welcomeBody')}</p>
        </div>
        <Button onClick={onContinue} loading={nextStep.isPending}>
          {t('claim.continue')}
        </Button>
        <p className="text-center text-xs text-ink-muted">
          <ConsentText i18nKey="claim.terms" />
        </p>
      </div>
    </section>
  );
}
