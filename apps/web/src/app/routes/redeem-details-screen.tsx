import { formatMoney } from '@refund/contracts/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useStartWithdrawalOtp } from '../../features/redeem/api/start-withdrawal-otp';
import { ConfirmDetails } from '../../features/redeem/components/confirm-details';
import { heldQuote, renewQuote } from '../../features/redeem/giftcard/giftcard-quote';
import {
  isReadyToConfirm,
  redemptionFlow,
  useRedemptionFlow,
} from '../../features/redeem/redemption-flow';
import { saveWithdrawalAttempt } from '../../features/redeem/withdrawal-attempt';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';
import { useWalletBalance } from '../../features/wallet/api/get-wallet-balance';
import { errorMessage } from '../../lib/api-error';
import { spendableFor } from '../../lib/welcome-bonus';
import { trackEvent } from '../../lib/analytics-events';
import { attemptFromChallenge } from '../../lib/otp-attempt';
import { methodOf, useMethodRegistry } from '../../lib/methods/method-registry';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

/** Confirm Details (/redeem-details): confirming texts the withdrawal passcode. */
export function RedeemDetailsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.redeemDetails'));
  const navigate = useNavigate();
  const flow = useRedemptionFlow();
  const balance = useWalletBalance();
  // Whether the welcome bonus pays first is the method's, as the API lists it.
  const methods = useRedemptionMethods();
  const startOtp = useStartWithdrawalOtp();
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [renewing, setRenewing] = useState(false);
  const registry = useMethodRegistry();

  if (!isReadyToConfirm(flow)) {
    return (
      <Navigate
        to={flow.mode ? methodOf(registry, flow.mode).startHref(flow) : paths.home.href()}
        replace
      />
    );
  }
  const method = methodOf(registry, flow.mode);
  const quote = method.quoted ? heldQuote(flow) : null;
  // A quoted purchase is confirmed only with its quote in hand, whose figures are the ones shown:
  // when it is not kept (another tab started over), its amount is chosen and quoted again.
  if (method.quoted && !quote) return <Navigate to={method.startHref(flow)} replace />;

  const sendPasscode = () =>
    startOtp.mutate(undefined, {
      onSuccess: (challenge) => {
        // One id per redemption: every retry of the payment below carries the same key.
        const current = redemptionFlow.get();
        const orderId = current.orderID ?? crypto.randomUUID();
        redemptionFlow.update({ orderID: orderId });
        saveWithdrawalAttempt(orderId, attemptFromChallenge(challenge));
        if (current.mode) trackEvent('redemption_details_confirmed', { method: current.mode });
        void navigate(paths.verifyOtp.href());
      },
      onError: (error) => setServerError(errorMessage(error)),
    });

  const confirm = () => {
    setServerError(null);
    setNotice(null);
    setRenewing(true);
    const renewed = method.quoted
      ? renewQuote(flow, redemptionFlow.update, (total) =>
          setNotice(t('giftCards.confirm.offerChanged', { total: formatMoney(total) })),
        )
      : Promise.resolve(true);
    renewed
      .then((goOn) => {
        if (goOn) sendPasscode();
      })
      .catch((error: unknown) => setServerError(errorMessage(error)))
      .finally(() => setRenewing(false));
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={method.startHref(flow)}>{t(method.confirm.editKey)}</BackLink>
      <PageHeading intro={t('redeem.confirm.intro')}>{t('titles.redeemDetails')}</PageHeading>
      <Card>
        {balance.isPending || methods.isPending ? (
          <LoadingState />
        ) : balance.isError || methods.isError ? (
          <ErrorState
            message={t('common.fetchRecordsError')}
            onRetry={() =>
              void Promise.all([
                balance.isError ? balance.refetch() : null,
                methods.isError ? methods.refetch() : null,
              ])
            }
          />
        ) : (
          <ConfirmDetails
            flow={flow}
            method={method}
            spendable={spendableFor(
              balance.data,
              methods.data.find((m) => m.mode === flow.mode),
            )}
            pending={startOtp.isPending || renewing}
            serverError={serverError}
            quote={quote}
            notice={notice}
            onConfirm={confirm}
          />
        )}
      </Card>
    </div>
  );
}
