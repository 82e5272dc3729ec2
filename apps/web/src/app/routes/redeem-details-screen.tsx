import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useStartWithdrawalOtp } from '../../features/redeem/api/start-withdrawal-otp';
import { ConfirmDetails } from '../../features/redeem/components/confirm-details';
import {
  isReadyToConfirm,
  redemptionFlow,
  useRedemptionFlow,
} from '../../features/redeem/redemption-flow';
import { saveWithdrawalAttempt } from '../../features/redeem/withdrawal-attempt';
import { useWalletBalance } from '../../features/wallet/api/get-wallet-balance';
import { errorMessage } from '../../lib/api-error';
import { attemptFromChallenge } from '../../lib/otp-attempt';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

/** The screen a flow's method starts on, to go back and change something. */
export const methodHref = (mode: string | null): string =>
  mode === 'bank' ? paths.redeemBank.href() : paths.redeemDebit.href();

/** Confirm Details (/redeem-details): confirming texts the withdrawal passcode. */
export function RedeemDetailsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.redeemDetails'));
  const navigate = useNavigate();
  const flow = useRedemptionFlow();
  const balance = useWalletBalance();
  const startOtp = useStartWithdrawalOtp();
  const [serverError, setServerError] = useState<string | null>(null);

  if (!isReadyToConfirm(flow)) {
    return <Navigate to={flow.mode ? methodHref(flow.mode) : paths.home.href()} replace />;
  }

  const confirm = () => {
    setServerError(null);
    startOtp.mutate(undefined, {
      onSuccess: (challenge) => {
        // One id per redemption: every retry of the payment below carries the same key.
        const orderId = flow.orderID ?? crypto.randomUUID();
        redemptionFlow.update({ orderID: orderId });
        saveWithdrawalAttempt(orderId, attemptFromChallenge(challenge));
        void navigate(paths.verifyOtp.href());
      },
      onError: (error) => setServerError(errorMessage(error)),
    });
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={methodHref(flow.mode)}>{t('redeem.confirm.edit')}</BackLink>
      <PageHeading intro={t('redeem.confirm.intro')}>{t('titles.redeemDetails')}</PageHeading>
      <Card>
        {balance.isPending ? (
          <LoadingState />
        ) : balance.isError ? (
          <ErrorState
            message={t('common.fetchRecordsError')}
            onRetry={() => void balance.refetch()}
          />
        ) : (
          <ConfirmDetails
            flow={flow}
            availableCents={balance.data.available_in_cents}
            pending={startOtp.isPending}
            serverError={serverError}
            onConfirm={confirm}
          />
        )}
      </Card>
    </div>
  );
}
