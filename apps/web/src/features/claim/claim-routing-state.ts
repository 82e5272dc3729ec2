import { z } from 'zod';

/** Router state the claim page hands to /claim-refund (SPEC §2 names these fields). */
export const claimWelcomeStateSchema = z.object({
  isfromClaim: z.literal(true),
  refund_uuid: z.uuid(),
  amountInCents: z.number().int().nullish(),
  name: z.string().nullish(),
  splashFileKey: z.string().nullish(),
  logoFileKey: z.string().nullish(),
});
export type ClaimWelcomeState = z.infer<typeof claimWelcomeStateSchema>;

export function readClaimWelcomeState(state: unknown): ClaimWelcomeState | null {
  const result = claimWelcomeStateSchema.safeParse(state);
  return result.success ? result.data : null;
}

/** Router state for /verify-account when the code proves a refund's phone or email (SPEC §4). */
const refundClaimVerifySchema = z.object({
  purpose: z.literal('REFUND_CLAIM'),
  refund_uuid: z.uuid(),
  channel: z.enum(['mobile', 'email']),
  isAddPhoneNumber: z.boolean(),
  /** The masked phone or email the code goes to, as the server named it. */
  destination: z.string().nullable(),
});
const verifyEmailSchema = z.object({
  verifyAttempt: z.literal('VERIFY_EMAIL'),
  refund_uuid: z.uuid(),
  channel: z.literal('email'),
  destination: z.string().nullable(),
});
export type RefundClaimVerifyState = z.infer<typeof refundClaimVerifySchema>;
export type VerifyEmailState = z.infer<typeof verifyEmailSchema>;

export interface ClaimVerification {
  purpose: 'REFUND_CLAIM' | 'VERIFY_EMAIL';
  refund_uuid: string;
  channel: 'mobile' | 'email';
  isAddPhoneNumber: boolean;
  destination: string | null;
}

/** The claim verification /verify-account was opened for, or null for a sign-in code. */
export function readClaimVerification(state: unknown): ClaimVerification | null {
  const claim = refundClaimVerifySchema.safeParse(state);
  if (claim.success) return claim.data;
  const email = verifyEmailSchema.safeParse(state);
  if (email.success) {
    const { refund_uuid, channel, destination } = email.data;
    return { purpose: 'VERIFY_EMAIL', refund_uuid, channel, destination, isAddPhoneNumber: false };
  }
  return null;
}

/** Router state for the sign-up form when a claim needs an account first. */
export const claimSignUpStateSchema = z.object({
  claimSignUp: z.object({
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    first_name: z.string().nullable(),
  }),
  isAddPhoneNumber: z.boolean(),
});
export type ClaimSignUpState = z.infer<typeof claimSignUpStateSchema>;

export function readClaimSignUpState(state: unknown): ClaimSignUpState | null {
  const result = claimSignUpStateSchema.safeParse(state);
  return result.success ? result.data : null;
}

/** Why /claim-error is shown. */
export const claimErrorReasons = ['not-claimable', 'invalid-link', 'already-claimed'] as const;
export type ClaimErrorReason = (typeof claimErrorReasons)[number];
const claimErrorStateSchema = z.object({ reason: z.enum(claimErrorReasons) });

export function readClaimErrorReason(state: unknown): ClaimErrorReason {
  const result = claimErrorStateSchema.safeParse(state);
  return result.success ? result.data.reason : 'not-claimable';
}
