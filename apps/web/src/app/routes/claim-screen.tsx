import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useClaimPage } from '../../features/claim/api/get-claim-page';
import type { ClaimErrorReason } from '../../features/claim/claim-routing-state';
import { ClaimOffer } from '../../features/claim/components/claim-offer';
import type { NextStepDecision } from '../../features/claim/next-step-route';
import { pendingClaim } from '../../features/claim/pending-claim';
import { useAuthState } from '../../features/auth/auth-context';
import type { ReturnPathStore } from '../../features/auth/return-path';
import { useTrackOnce } from '../../lib/analytics-events';
import { ApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /claim/{refund_uuid}: the link a merchant sends. Anyone holding it may open it. */
export function ClaimScreen({ returnPaths }: { returnPaths: ReturnPathStore }) {
  const { t } = useTranslation();
  const { status } = useAuthState();
  const navigate = useNavigate();
  const { refund_uuid = '' } = useParams();
  const page = useClaimPage(refund_uuid);
  useTrackOnce(page.isSuccess, 'claim_viewed');
  useDocumentTitle(t('titles.claim'));

  if (page.isPending) return <LoadingState label={t('claim.loading')} />;
  if (page.isError) {
    const status = page.error instanceof ApiError ? page.error.status : 0;
    if (status === 404 || status === 400) {
      const reason: ClaimErrorReason = status === 400 ? 'invalid-link' : 'not-claimable';
      return <Navigate to={paths.claimError.href()} replace state={{ reason }} />;
    }
    return <ErrorState message={t('claim.loadError')} onRetry={() => void page.refetch()} />;
  }
  const signedIn = status === 'AuthSuccessful';
  const onNext = (decision: NextStepDecision) => {
    if (decision.pendingClaim) {
      pendingClaim.write(decision.pendingClaim);
      // Whichever way the customer ends up signed in, the choice is made on /claim-succes.
      if (!signedIn) returnPaths.remember(paths.claimSuccess.href());
    }
    void navigate(decision.to, { state: decision.state, replace: decision.replace });
  };
  return <ClaimOffer page={page.data} signedIn={signedIn} onNext={onNext} />;
}
