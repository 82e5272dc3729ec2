import { maskEmail } from '@refund/contracts/format';
import { z } from 'zod';
import { sessionSlot } from '../../lib/session-slot';

/**
 * The refund a customer set out to claim before signing up, signing in or verifying. Kept in
 * session storage so the claim can finish on /claim-succes whichever way the customer got
 * signed in, and survive the page reloads in between.
 */
export const pendingClaimSchema = z.object({
  refund_uuid: z.uuid(),
  amount_in_cents: z.number().int().nullable(),
  /** The refund's email in full, when known; the server answers it masked (ADR 0011). */
  email: z.string().nullable(),
  /** The masked email the server showed ('r•••@example.com'). */
  masked_email: z.string().nullable(),
  /** Set once the customer was sent to verify their email, so a second refusal ends the flow. */
  email_verification_tried: z.boolean(),
  /** Into the wallet, or back to the original payment method: both need the owner signed in. */
  method: z.enum(['instant', 'original']).default('instant'),
});
export type PendingClaim = z.infer<typeof pendingClaimSchema>;
export type ClaimMethod = PendingClaim['method'];

export const pendingClaim = sessionSlot('pending_claim', pendingClaimSchema);

/** The claim that just went through, so /claim-succes can be reloaded. */
export const claimResultSchema = z.object({
  refund_uuid: z.uuid(),
  amount_in_cents: z.number().int(),
  method: z.enum(['instant', 'original']).default('instant'),
});
export type ClaimResult = z.infer<typeof claimResultSchema>;

export const lastClaimResult = sessionSlot('claim_result', claimResultSchema);

export interface ClaimantProfile {
  email: string;
  email_verified: boolean;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether the signed-in customer's email is the one the refund was sent to. */
export function isRefundEmail(claim: PendingClaim, profile: ClaimantProfile): boolean {
  if (claim.email) return sameEmail(claim.email, profile.email);
  return claim.masked_email !== null && sameEmail(maskEmail(profile.email), claim.masked_email);
}

/**
 * What to do when the server refuses a claim (403: the account holds neither the refund's phone
 * nor its verified email). A customer whose account has the refund's email, not yet verified,
 * verifies it by code and claims; anyone else is told why and sent home.
 */
export function afterClaimRefused(
  claim: PendingClaim,
  profile: ClaimantProfile,
): 'verify-email' | 'give-up' {
  if (claim.email_verification_tried || profile.email_verified) return 'give-up';
  return isRefundEmail(claim, profile) ? 'verify-email' : 'give-up';
}

/** The amount a claim answer adds up to. */
export function claimedAmount(returns: readonly { amountInCents: number }[]): number {
  return returns.reduce((sum, r) => sum + r.amountInCents, 0);
}
