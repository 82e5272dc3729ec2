import { useLocation } from 'react-router';
import type { ReturnPathStore } from '../../features/auth/return-path';
import { readClaimVerification } from '../../features/claim/claim-routing-state';
import { SignInOnly } from '../guards/sign-in-only';
import { lazyScreen } from '../lazy-screen';

const VerifyAccountScreen = lazyScreen(
  () => import('./verify-account-screen'),
  'VerifyAccountScreen',
);
const ClaimVerifyScreen = lazyScreen(() => import('./claim-verify-screen'), 'ClaimVerifyScreen');

/**
 * /verify-account serves two codes: a sign-in code (signed-out visitors only) and a refund's
 * code (SPEC §4 purposes REFUND_CLAIM and VERIFY_EMAIL), which a signed-in customer may also
 * need, e.g. to verify their email right after signing up. Router state says which.
 */
export function VerifyAccountRoute({ returnPaths }: { returnPaths: ReturnPathStore }) {
  const verification = readClaimVerification(useLocation().state);
  if (verification) {
    return (
      <ClaimVerifyScreen
        key={`${verification.purpose}:${verification.refund_uuid}`}
        verification={verification}
        returnPaths={returnPaths}
      />
    );
  }
  return (
    <SignInOnly>
      <VerifyAccountScreen />
    </SignInOnly>
  );
}
