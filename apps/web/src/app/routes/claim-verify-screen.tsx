import type { AccessTokenResponse } from '@refund/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { useEffect } from 'react';
import { Splash } from '../../components/splash';
import { useAuthMachine, useAuthState } from '../../features/auth/auth-context';
import type { ReturnPathStore } from '../../features/auth/return-path';
import type { ClaimVerification } from '../../features/claim/claim-routing-state';
import { ClaimVerify } from '../../features/claim/components/claim-verify';
import { pendingClaim } from '../../features/claim/pending-claim';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';

interface ClaimVerifyScreenProps {
  verification: ClaimVerification;
  returnPaths: ReturnPathStore;
}

/**
 * /verify-account for a refund. The verified code signs the refund's account in through the
 * auth machine, like a sign-in code; the claim itself then finishes on /claim-succes.
 */
export function ClaimVerifyScreen({ verification, returnPaths }: ClaimVerifyScreenProps) {
  const { status } = useAuthState();
  if (status === 'Unknown' || status === 'ValidateAccess') return <Splash />;
  // An email is proven for the account holding it (ADR 0011): that account signs in first, and
  // the claim's refusal on /claim-succes brings it back here.
  if (verification.purpose === 'VERIFY_EMAIL' && status !== 'AuthSuccessful') {
    return <SignInFirst verification={verification} returnPaths={returnPaths} />;
  }
  return <ClaimCodeEntry verification={verification} returnPaths={returnPaths} />;
}

function SignInFirst({ verification, returnPaths }: ClaimVerifyScreenProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const pending = pendingClaim.read();
    if (pending?.refund_uuid === verification.refund_uuid) {
      pendingClaim.write({ ...pending, email_verification_tried: false });
    }
    returnPaths.remember(paths.claimSuccess.href());
    void navigate(paths.auth.href(), { replace: true });
  }, [navigate, returnPaths, verification.refund_uuid]);
  return null;
}

function ClaimCodeEntry({ verification, returnPaths }: ClaimVerifyScreenProps) {
  const { t } = useTranslation();
  const auth = useAuthMachine();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle(t('verify.pageTitle'));

  const onVerified = (token: AccessTokenResponse) => {
    if (pendingClaim.read()?.refund_uuid !== verification.refund_uuid) {
      pendingClaim.write({
        refund_uuid: verification.refund_uuid,
        amount_in_cents: null,
        email: null,
        masked_email: verification.channel === 'email' ? verification.destination : null,
        email_verification_tried: verification.purpose === 'VERIFY_EMAIL',
        method: 'instant',
      });
    }
    if (auth.getState().status === 'AuthSuccessful') {
      // Already signed in (verifying the email after sign-up): same account, fresh token.
      auth.acceptToken(token);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile.all });
      void navigate(paths.claimSuccess.href(), { replace: true });
      return;
    }
    // The machine signs in and then goes to the remembered path.
    returnPaths.remember(paths.claimSuccess.href());
    auth.acceptToken(token);
  };

  return (
    <Card>
      <ClaimVerify verification={verification} onVerified={onVerified} />
    </Card>
  );
}
