import { transactionSchema } from '@refund/contracts/redemptions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { transactionQueryOptions } from '../../features/transactions/api/get-transaction';
import { destinationText } from '../../features/transactions/components/transaction-text';
import { RedemptionOutcome } from '../../features/redeem/components/redemption-outcome';
import { WithdrawalVerify } from '../../features/redeem/components/withdrawal-verify';
import { giftCardQuoteSlot, isGiftCardMode } from '../../features/redeem/giftcard/giftcard-quote';
import {
  isReadyToConfirm,
  redemptionFlow,
  useRedemptionFlow,
  type RedemptionFlow,
} from '../../features/redeem/redemption-flow';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';
import { methodHref } from './redeem-details-screen';

/**
 * The finished redemption rides in the history entry, so a reload shows the same outcome: with
 * it, a gift card's earn-rewards reward, which the transaction does not carry but its quote locked.
 */
const outcomeStateSchema = z.object({
  outcome: transactionSchema,
  reward_in_cents: z.number().int().min(0).default(0),
});
type OutcomeState = z.infer<typeof outcomeStateSchema>;

function readOutcome(state: unknown): OutcomeState | null {
  const parsed = outcomeStateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** The brand reward the confirmed gift card quote locked; 0 without one or for other methods. */
function lockedReward(flow: RedemptionFlow): number {
  const quote = isGiftCardMode(flow.mode) ? giftCardQuoteSlot.read() : null;
  return quote?.quote_id === flow.selectedPaymentMethodUUID ? quote.reward_in_cents : 0;
}

/**
 * The outcome as it is now: the redemption as the payment answered, then as the server holds it,
 * looked up again while it is pending, so a payout refused or paid later shows here without a
 * reload (and the page's title follows).
 */
function LiveOutcome({ state, onDone }: { state: OutcomeState; onDone: (rated: boolean) => void }) {
  const { t } = useTranslation();
  const answered = state.outcome;
  const live = useQuery({
    ...transactionQueryOptions(answered.transaction_id),
    initialData: answered,
    // The answer may be older than what the server holds now: look once at once.
    initialDataUpdatedAt: 0,
  });
  const outcome = live.data;
  useDocumentTitle(t(`redemptionTitle.${outcome.status}`));
  return (
    <Card className="mx-auto flex w-full max-w-xl flex-col">
      <RedemptionOutcome
        transaction={outcome}
        destination={destinationText(t, outcome)}
        retryHref={methodHref({ mode: outcome.mode, selectedGiftcardBrand: null })}
        rewardCents={state.reward_in_cents}
        onDone={onDone}
      />
    </Card>
  );
}

/** Verify OTP, then Redemption Successful (or why it failed), on /verify-otp. */
export function VerifyOtpScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = readOutcome(useLocation().state);
  if (state) {
    return (
      <LiveOutcome
        state={state}
        onDone={(rated) => {
          if (rated) notify.success(t('redeem.rating.thanks'));
          void navigate(paths.home.href(), { replace: true });
        }}
      />
    );
  }
  return <WithdrawalPasscode />;
}

/** The passcode step: verifying it makes the redemption, whose outcome then replaces it. */
function WithdrawalPasscode() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = useRedemptionFlow();
  useDocumentTitle(t('titles.verifyOtp'));

  const { orderID } = flow;
  if (!isReadyToConfirm(flow) || orderID === null) {
    return <Navigate to={paths.redeemDetails.href()} replace />;
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <BackLink to={paths.redeemDetails.href()}>{t('redeem.verify.back')}</BackLink>
      <PageHeading>{t('redeem.verify.title')}</PageHeading>
      <Card>
        <WithdrawalVerify
          flow={{ ...flow, orderID }}
          onRedeemed={(transaction) => {
            // The outcome first, so this screen never renders an empty flow without it.
            const outcomeState: OutcomeState = {
              outcome: transaction,
              reward_in_cents: lockedReward(flow),
            };
            void navigate(paths.verifyOtp.href(), { replace: true, state: outcomeState });
            // The flow is done either way; a failed payout starts again from the method.
            redemptionFlow.reset();
          }}
        />
      </Card>
    </div>
  );
}
