import type { ClaimNextStep } from '@refund/contracts/refunds';
import { paths } from '../../config/paths';
import type {
  ClaimSignUpState,
  ClaimErrorReason,
  RefundClaimVerifyState,
  VerifyEmailState,
} from './claim-routing-state';
import type { ClaimMethod, PendingClaim } from './pending-claim';

export interface ClaimStart {
  refund_uuid: string;
  amount_in_cents: number | null;
  /** The customer's first name as the merchant gave it, to start the sign-up form with. */
  name: string | null;
  /** What the customer chose on the claim page: the instant refund unless said otherwise. */
  method?: ClaimMethod;
}

export interface NextStepDecision {
  to: string;
  state:
    | RefundClaimVerifyState
    | VerifyEmailState
    | ClaimSignUpState
    | { reason: ClaimErrorReason }
    | null;
  replace: boolean;
  /** The claim to finish once the customer is signed in, or null when there is none. */
  pendingClaim: PendingClaim | null;
}

/**
 * SPEC §4: where Continue on the claim welcome (or the original-method confirmation) leads, for
 * each answer of the next-step call. The server answers the phone and email masked (ADR 0011):
 * they name where a code goes, and hint at what to sign up with, but fill nothing in. A customer
 * already signed in needs no code or account: the claim is tried straight away on /claim-succes,
 * which deals with a refusal; only VERIFY_EMAIL (their account has the refund's email, not yet
 * proven) goes to verify it first.
 */
export function routeForNextStep(
  step: ClaimNextStep,
  claim: ClaimStart,
  options: { signedIn: boolean } = { signedIn: false },
): NextStepDecision {
  const pending: PendingClaim = {
    refund_uuid: claim.refund_uuid,
    amount_in_cents: claim.amount_in_cents,
    email: null,
    masked_email: step.email,
    email_verification_tried: false,
    method: claim.method ?? 'instant',
  };
  const verifyEmail: NextStepDecision = {
    to: paths.verifyAccount.href(),
    state: {
      verifyAttempt: 'VERIFY_EMAIL',
      refund_uuid: claim.refund_uuid,
      channel: 'email',
      destination: step.email,
    },
    replace: false,
    pendingClaim: { ...pending, email_verification_tried: true },
  };

  if (options.signedIn && step.goto !== 'CLAIM_SUCCESS') {
    if (step.goto === 'VERIFY_EMAIL') return verifyEmail;
    return { to: paths.claimSuccess.href(), state: null, replace: false, pendingClaim: pending };
  }

  switch (step.goto) {
    case 'ACCOUNT_VERIFICATION': {
      const phone = step.phone_number || null;
      return {
        to: paths.verifyAccount.href(),
        state: {
          purpose: 'REFUND_CLAIM',
          refund_uuid: claim.refund_uuid,
          channel: phone ? 'mobile' : 'email',
          isAddPhoneNumber: !phone,
          destination: phone ?? step.email,
        },
        replace: false,
        pendingClaim: pending,
      };
    }
    case 'ACCOUNT_SIGNUP':
      return {
        to: paths.auth.href('signup'),
        state: {
          claimSignUp: { email: null, phone_number: null, first_name: claim.name },
          isAddPhoneNumber: false,
        },
        replace: true,
        pendingClaim: pending,
      };
    case 'VERIFY_EMAIL':
      // Proving an email needs its account signed in: /verify-account asks for that first.
      return verifyEmail;
    case 'ADD_PHONE_NUMBER':
      return {
        to: paths.auth.href('signup'),
        state: {
          claimSignUp: { email: null, phone_number: null, first_name: claim.name },
          isAddPhoneNumber: true,
        },
        replace: false,
        pendingClaim: pending,
      };
    case 'CLAIM_SUCCESS':
      // Already claimed: the link has nothing left to offer.
      return {
        to: paths.claimError.href(),
        state: { reason: 'already-claimed' },
        replace: true,
        pendingClaim: null,
      };
  }
}
