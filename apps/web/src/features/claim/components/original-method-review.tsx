import { formatMoney } from '@refund/contracts/format';
import type { ClaimPage } from '@refund/contracts/refunds';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useClaimNextStep } from '../api/get-claim-next-step';
import { routeForNextStep, type NextStepDecision } from '../next-step-route';
import { OriginalMethodTimeline } from './original-method-timeline';
import { useRouteHeading } from '../../../lib/route-focus';

interface OriginalMethodReviewProps {
  page: ClaimPage;
  signedIn: boolean;
  onBack: () => void;
  /** Where confirming leads: like the instant claim, the owner proves the refund is theirs. */
  onNext: (decision: NextStepDecision) => void;
}

/**
 * Explains the slow way before the customer commits to it. Confirming needs the same proof as an
 * instant claim (ADR 0011): the signed-in owner. So it asks the server what next, exactly as the
 * claim welcome does, and the choice is made on /claim-succes once the customer is signed in.
 */
export function OriginalMethodReview({
  page,
  signedIn,
  onBack,
  onNext,
}: OriginalMethodReviewProps) {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  const nextStep = useClaimNextStep();
  const amount = formatMoney(page.amount_in_cents);

  const onConfirm = () =>
    nextStep.mutate(page.refund_uuid, {
      onSuccess: (step) =>
        onNext(
          routeForNextStep(
            step,
            {
              refund_uuid: page.refund_uuid,
              amount_in_cents: page.amount_in_cents,
              name: page.customer_first_name,
              method: 'original',
            },
            { signedIn },
          ),
        ),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <Card className="flex flex-col gap-5" aria-labelledby="original-review-title">
      <div className="flex flex-col gap-2">
        <h1
          {...heading}
          id="original-review-title"
          className="text-2xl font-bold tracking-tight text-ink"
        >
          {t('claim.original.reviewTitle')}
        </h1>
        <p className="text-ink-muted">{t('claim.original.reviewIntro', { amount })}</p>
      </div>
      <OriginalMethodTimeline />
      <p className="rounded-xl bg-primary-soft px-4 py-3 text-sm text-on-primary-soft">
        {t('claim.original.instantHint')}
      </p>
      {!signedIn && <p className="text-sm text-ink-muted">{t('claimProof.originalNeedsProof')}</p>}
      <div className="flex flex-col gap-3">
        <Button onClick={onConfirm} loading={nextStep.isPending}>
          {t('claim.original.confirm')}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={nextStep.isPending}>
          {t('claim.original.back')}
        </Button>
      </div>
    </Card>
  );
}
