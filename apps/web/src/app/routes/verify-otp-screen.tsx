import { transactionSchema } from '@refund/contracts/redemptions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { transactionQueryOptions } from '../../features/transactions/api/get-transaction';
import { RedemptionOutcome } from '../../features/redeem/components/redemption-outcome';
import { WithdrawalVerify } from '../../features/redeem/components/withdrawal-verify';
import { heldQuote } from '../../features/redeem/giftcard/giftcard-quote';
import {
  isReadyToConfirm,
  redemptionFlow,
  useRedemptionFlow,
} from '../../features/redeem/redemption-flow';
import { methodOf, useMethodRegistry, useMethodUI } from '../../lib/methods/method-registry';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

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
  const method = useMethodUI(outcome.mode);
  useDocumentTitle(t(`redemptionTitle.${outcome.status}`));
  return (
    <Card className="mx-auto flex w-full max-w-xl flex-col">
      <RedemptionOutcome
        transaction={outcome}
        method={method}
        destination={method.destinationText(t, outcome)}
        retryHref={method.startHref({ selectedGiftcardBrand: null })}
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
  const registry = useMethodRegistry();
  useDocumentTitle(t('titles.verifyOtp'));

  const { orderID } = flow;
  if (!isReadyToConfirm(flow) || orderID === null) {
    return <Navigate to={paths.redeemDetails.href()} replace />;
  }
  const method = methodOf(registry, flow.mode);

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
              // An earn-rewards brand's reward, which its quote locked; the transaction lacks it.
              reward_in_cents: method.quoted ? (heldQuote(flow)?.reward_in_cents ?? 0) : 0,
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
