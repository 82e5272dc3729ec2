import { formatMoney, formatShortDate } from '@refund/contracts/format';
import type { ClaimPage } from '@refund/contracts/refunds';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { cardClass, cardSurfaceClass } from '../../../components/card';
import { paths } from '../../../config/paths';
import type { ClaimWelcomeState } from '../claim-routing-state';
import type { NextStepDecision } from '../next-step-route';
import { MerchantIdentity, MerchantSplash } from './merchant-banner';
import { OriginalMethodReview } from './original-method-review';
import { RefundSpeedChoice, type RefundSpeed } from './refund-speed-choice';
import { useRouteHeading } from '../../../lib/route-focus';

interface ClaimOfferProps {
  page: ClaimPage;
  signedIn: boolean;
  /** Where confirming the original payment method leads (sign-in or verification first). */
  onNext: (decision: NextStepDecision) => void;
}

/** The claim page: who approved what, and the choice between instant and original method. */
export function ClaimOffer({ page, signedIn, onNext }: ClaimOfferProps) {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [speed, setSpeed] = useState<RefundSpeed>('instant');
  const [reviewing, setReviewing] = useState(false);
  const amount = formatMoney(page.amount_in_cents);

  if (reviewing) {
    return (
      <OriginalMethodReview
        page={page}
        signedIn={signedIn}
        onBack={() => setReviewing(false)}
        onNext={onNext}
      />
    );
  }

  const onContinue = () => {
    if (speed === 'original') {
      setReviewing(true);
      return;
    }
    const state: ClaimWelcomeState = {
      splashFileKey: page.splash_file_key,
      logoFileKey: page.logo_file_key,
      amountInCents: page.amount_in_cents,
      refund_uuid: page.refund_uuid,
      isfromClaim: true,
      name: page.customer_first_name,
    };
    void navigate(paths.claimRefund.href(), { state });
  };

  return (
    <div className="flex flex-col gap-5">
      <section className={`${cardSurfaceClass} overflow-hidden`} aria-labelledby="claim-title">
        <MerchantSplash fileKey={page.splash_file_key} />
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <MerchantIdentity logoFileKey={page.logo_file_key} merchantName={page.merchant_name} />
          <div className="flex flex-col gap-2">
            <p className="flex items-center gap-2 text-sm font-semibold text-success">
              <span aria-hidden="true">✓</span>
              {t('claim.approved')}
            </p>
            <h1
              {...heading}
              id="claim-title"
              className="text-2xl font-bold tracking-tight text-ink"
            >
              {t('claim.title')}
            </h1>
            <p className="text-ink-muted">
              {t('claim.intro', {
                name: page.customer_first_name,
                merchant: page.merchant_name,
                orderNumber: page.order_number,
              })}
            </p>
          </div>
          <div className="rounded-2xl bg-surface-muted p-4">
            <p className="text-sm text-ink-muted">{t('claim.refundAmount')}</p>
            <p
              data-testid="claim-amount"
              className="text-4xl font-bold tracking-tight text-ink tabular-nums"
            >
              {amount}
            </p>
            <p className="mt-1 text-sm text-ink-muted">
              {t('claim.claimBy', { date: formatShortDate(page.expires_at) })}
            </p>
          </div>
        </div>
      </section>

      <section className={`${cardClass} flex flex-col gap-5`}>
        <RefundSpeedChoice amount={amount} value={speed} onChange={setSpeed} />
        <Button onClick={onContinue}>{t('claim.continue')}</Button>
      </section>
    </div>
  );
}
