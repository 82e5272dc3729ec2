import { z } from 'zod';
import { otpAttemptSchema, type OtpAttempt } from '../../lib/otp-attempt';
import { sessionSlot } from '../../lib/session-slot';
import type { ClaimVerification } from './claim-routing-state';

type AttemptKey = Pick<ClaimVerification, 'refund_uuid' | 'purpose'>;

/**
 * The code sent for a claim verification, kept so a reload of /verify-account shows the same
 * attempt and countdown instead of sending another code.
 */
const savedClaimAttempt = sessionSlot(
  'claim_otp_attempt',
  z.object({
    refund_uuid: z.string(),
    purpose: z.enum(['REFUND_CLAIM', 'VERIFY_EMAIL']),
    attempt: otpAttemptSchema,
  }),
);

export function readClaimAttempt(verification: AttemptKey): OtpAttempt | null {
  const saved = savedClaimAttempt.read();
  return saved?.refund_uuid === verification.refund_uuid && saved.purpose === verification.purpose
    ? saved.attempt
    : null;
}

export function saveClaimAttempt(verification: AttemptKey, attempt: OtpAttempt): void {
  savedClaimAttempt.write({
    refund_uuid: verification.refund_uuid,
    purpose: verification.purpose,
    attempt,
  });
}

export const clearClaimAttempt = (): void => savedClaimAttempt.clear();
