import type { ClaimNextStep } from '@refund/contracts/refunds';
import { paths } from '../../config/paths';
import type {
  ClaimSignUpState,
  ClaimErrorReason,
  RefundClaimVerifyState,
  VerifyEmailState,
} from './claim-routing-state';
import type { PendingClaim } from './pending-claim';

export interface ClaimStart {
  refund_uuid: string;
  amount_in_cents: number | null;
  /** The customer's first name as the merchant gave it, to start the sign-up form with. */
  name: string | null;
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
 * SPEC §4: where Continue on the claim welcome leads, for each answer of the next-step call.
 * A customer already signed in needs no code or account: the claim is tried straight away on
 * /claim-succes, which deals with a refusal.
 */
export function routeForNextStep(
  step: ClaimNextStep,
  claim: ClaimStart,
  options: { signedIn: boolean } = { signedIn: false },
): NextStepDecision {
  const pending = (email: string | null, masked: string | null): PendingClaim => ({
    refund_uuid: claim.refund_uuid,
    amount_in_cents: claim.amount_in_cents,
    email,
    masked_email: masked,
    email_verification_tried: false,
  });

  if (options.signedIn && step.goto !== 'CLAIM_SUCCESS') {
    // The server answers the real email only when no account holds it (sign-up branches).
    const known = step.goto === 'ACCOUNT_SIGNUP' || step.goto === 'ADD_PHONE_NUMBER';
    return {
      to: paths.claimSuccess.href(),
      state: null,
      replace: false,
      pendingClaim: known ? pending(step.email, null) : pending(null, step.email),
    };
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
        pendingClaim: pending(null, step.email),
      };
    }
    case 'ACCOUNT_SIGNUP':
      return {
        to: paths.auth.href('signup'),
        state: {
          claimSignUp: {
            email: step.email,
            phone_number: step.phone_number,
            first_name: claim.name,
          },
          isAddPhoneNumber: false,
        },
        replace: true,
        pendingClaim: pending(step.email, null),
      };
    case 'VERIFY_EMAIL':
      return {
        to: paths.verifyAccount.href(),
        state: {
          verifyAttempt: 'VERIFY_EMAIL',
          refund_uuid: claim.refund_uuid,
          channel: 'email',
          destination: step.email,
        },
        replace: false,
        pendingClaim: pending(null, step.email),
      };
    case 'ADD_PHONE_NUMBER':
      return {
        to: paths.auth.href('signup'),
        state: {
          claimSignUp: { email: step.email, phone_number: null, first_name: claim.name },
          isAddPhoneNumber: true,
        },
        replace: false,
        pendingClaim: pending(step.email, null),
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
