import { maskEmail } from '@refund/contracts/format';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useAuthState } from '../../features/auth/auth-context';
import type { ReturnPathStore } from '../../features/auth/return-path';
import { useChooseOriginalMethod } from '../../features/claim/api/choose-original-method';
import { useClaimRefund } from '../../features/claim/api/claim-refund';
import { OriginalMethodConfirmed } from '../../features/claim/components/original-method-confirmed';
import type { VerifyEmailState } from '../../features/claim/claim-routing-state';
import { ClaimSuccessCard } from '../../features/claim/components/claim-success-card';
import {
  afterClaimRefused,
  claimedAmount,
  lastClaimResult,
  pendingClaim,
  type ClaimResult,
  type PendingClaim,
} from '../../features/claim/pending-claim';
import { useRefund } from '../../features/history/api/get-refund';
import { refundSplit } from '../../features/history/refund-split';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import { ApiError, errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { trackEvent } from '../../lib/analytics-events';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SessionCheck } from '../guards/session-check';

/**
 * The claimed amount, and how much of it is spendable now, from the refund's returns; or, for a
 * refund sent back to the original payment method, what happens next.
 */
function ClaimedSummary({ result }: { result: ClaimResult }) {
  const { t } = useTranslation();
  const refund = useRefund(result.refund_uuid);
  if (result.method === 'original') {
    if (!refund.data) return <LoadingState label={t('claimProof.finishing')} />;
    return (
      <OriginalMethodConfirmed
        merchantName={refund.data.merchant_name}
        amountInCents={refund.data.amount_in_cents}
      />
    );
  }
  const split = refund.data ? refundSplit(refund.data) : null;
  return <ClaimSuccessCard amountInCents={result.amount_in_cents} split={split} />;
}

/** Claims the pending refund for the signed-in customer, then shows the result. */
function FinishClaim({ claim }: { claim: PendingClaim }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const claimRefund = useClaimRefund();
  const chooseOriginal = useChooseOriginalMethod();
  const [result, setResult] = useState<ClaimResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  const onRefused = async (error: unknown) => {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 404) {
      pendingClaim.clear();
      void navigate(paths.claimError.href(), { replace: true, state: { reason: 'not-claimable' } });
      return;
    }
    if (status !== 403) {
      setFailure(errorMessage(error));
      return;
    }
    const profile = await queryClient
      .fetchQuery({ ...profileQueryOptions(), staleTime: 0 })
      .catch(() => null);
    if (profile && afterClaimRefused(claim, profile) === 'verify-email') {
      // Signed up with the refund's email: proving that email by code completes the claim.
      pendingClaim.write({ ...claim, email_verification_tried: true });
      const state: VerifyEmailState = {
        verifyAttempt: 'VERIFY_EMAIL',
        refund_uuid: claim.refund_uuid,
        channel: 'email',
        destination: maskEmail(profile.email),
      };
      void navigate(paths.verifyAccount.href(), { replace: true, state });
      return;
    }
    pendingClaim.clear();
    notify.error(errorMessage(error));
    void navigate(paths.home.href(), { replace: true });
  };

  const finish = (done: ClaimResult) => {
    pendingClaim.clear();
    lastClaimResult.write(done);
    setResult(done);
  };

  const start = () => {
    setFailure(null);
    if (claim.method === 'original') {
      chooseOriginal.mutate(claim.refund_uuid, {
        onSuccess: (answer) => {
          trackEvent('refund_claimed', { refund_speed: 'original_method' });
          finish({
            refund_uuid: answer.refund_uuid,
            amount_in_cents: claim.amount_in_cents ?? 0,
            method: 'original',
          });
        },
        onError: (error) => void onRefused(error),
      });
      return;
    }
    claimRefund.mutate(claim.refund_uuid, {
      onSuccess: (answer) => {
        trackEvent('refund_claimed', { refund_speed: 'instant' });
        finish({
          refund_uuid: answer.refund_uuid,
          amount_in_cents: claimedAmount(answer.returns),
          method: 'instant',
        });
      },
      onError: (error) => void onRefused(error),
    });
  };
  const startOnce = useEffectEvent(start);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startOnce();
  }, []);

  if (result) return <ClaimedSummary result={result} />;
  if (failure) {
    return (
      <Card>
        <ErrorState message={failure} onRetry={start} />
      </Card>
    );
  }
  return (
    <Card>
      <LoadingState label={t('claim.finishing')} />
    </Card>
  );
}

function SignInFirst({ returnPaths }: { returnPaths: ReturnPathStore }) {
  const navigate = useNavigate();
  useEffect(() => {
    returnPaths.remember(paths.claimSuccess.href());
    void navigate(paths.auth.href(), { replace: true });
  }, [navigate, returnPaths]);
  return null;
}

/**
 * /claim-succes (SPEC spelling). Finishes a pending claim once the customer is signed in, by
 * whichever way they got there (code, sign-up, sign-in), and shows what was claimed.
 */
export function ClaimSuccessScreen({ returnPaths }: { returnPaths: ReturnPathStore }) {
  const { t } = useTranslation();
  const { status } = useAuthState();
  const [claim] = useState(() => pendingClaim.read());
  const [result] = useState(() => lastClaimResult.read());
  useDocumentTitle(t('titles.claimSuccess'));

  if (status === 'Unknown' || status === 'ValidateAccess') return <SessionCheck />;
  if (status === 'AuthRequired') {
    return claim ? (
      <SignInFirst returnPaths={returnPaths} />
    ) : (
      <Navigate to={paths.auth.href()} replace />
    );
  }
  if (claim) return <FinishClaim claim={claim} />;
  if (result) return <ClaimedSummary result={result} />;
  return <Navigate to={paths.home.href()} replace />;
}
