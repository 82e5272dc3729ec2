import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuthState } from '../../features/auth/auth-context';
import type { ReturnPathStore } from '../../features/auth/return-path';
import { readClaimWelcomeState } from '../../features/claim/claim-routing-state';
import { ClaimWelcome } from '../../features/claim/components/claim-welcome';
import type { NextStepDecision } from '../../features/claim/next-step-route';
import { pendingClaim } from '../../features/claim/pending-claim';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SessionCheck } from '../guards/session-check';

/** /claim-refund: the welcome between the claim page and verification or sign-up (SPEC §2, §4). */
export function ClaimWelcomeScreen({ returnPaths }: { returnPaths: ReturnPathStore }) {
  const { t } = useTranslation();
  const { status } = useAuthState();
  const navigate = useNavigate();
  const state = readClaimWelcomeState(useLocation().state);
  useDocumentTitle(t('titles.claimRefund'));

  if (status === 'Unknown' || status === 'ValidateAccess') return <SessionCheck />;
  if (state === null) {
    return (
      <Navigate to={status === 'AuthSuccessful' ? paths.home.href() : paths.auth.href()} replace />
    );
  }

  const onNext = (decision: NextStepDecision) => {
    if (decision.pendingClaim) {
      pendingClaim.write(decision.pendingClaim);
      // Whichever way the customer ends up signed in, the claim finishes on /claim-succes.
      if (status !== 'AuthSuccessful') returnPaths.remember(paths.claimSuccess.href());
    }
    void navigate(decision.to, { state: decision.state, replace: decision.replace });
  };

  return <ClaimWelcome state={state} signedIn={status === 'AuthSuccessful'} onNext={onNext} />;
}
