import { transactionSchema, type Transaction } from '@refund/contracts/redemptions';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { destinationText } from '../../features/transactions/components/transaction-text';
import { RedemptionOutcome } from '../../features/redeem/components/redemption-outcome';
import { WithdrawalVerify } from '../../features/redeem/components/withdrawal-verify';
import {
  isReadyToConfirm,
  redemptionFlow,
  useRedemptionFlow,
} from '../../features/redeem/redemption-flow';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';
import { methodHref } from './redeem-details-screen';

/** The finished redemption rides in the history entry, so a reload shows the same outcome. */
function readOutcome(state: unknown): Transaction | null {
  if (typeof state !== 'object' || state === null || !('outcome' in state)) return null;
  const parsed = transactionSchema.safeParse(state.outcome);
  return parsed.success ? parsed.data : null;
}

/** Verify OTP, then Redemption Successful (or why it failed), on /verify-otp. */
export function VerifyOtpScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const flow = useRedemptionFlow();
  const outcome = readOutcome(location.state);
  // The outcome's title says what happened: pending, successful or failed.
  useDocumentTitle(outcome ? t(`redemptionTitle.${outcome.status}`) : t('titles.verifyOtp'));

  if (outcome) {
    return (
      <Card className="mx-auto flex w-full max-w-xl flex-col">
        <RedemptionOutcome
          transaction={outcome}
          destination={destinationText(t, outcome)}
          retryHref={methodHref({ mode: outcome.mode, selectedGiftcardBrand: null })}
          onDone={(rated) => {
            if (rated) notify.success(t('redeem.rating.thanks'));
            void navigate(paths.home.href(), { replace: true });
          }}
        />
      </Card>
    );
  }

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
            void navigate(paths.verifyOtp.href(), {
              replace: true,
              state: { outcome: transaction },
            });
            // The flow is done either way; a failed payout starts again from the method.
            redemptionFlow.reset();
          }}
        />
      </Card>
    </div>
  );
}
