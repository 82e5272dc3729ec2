import { otpChallengeSchema, type OtpChallenge } from '@refund/contracts/auth';
import { z } from 'zod';

/**
 * A one-time-code attempt being verified: the server's challenge and when resending becomes
 * possible. Sign-in and claim verification both keep one, each under its own storage key.
 */
export const otpAttemptSchema = z.object({
  challenge: otpChallengeSchema,
  /** Epoch milliseconds when resending becomes possible. */
  resendAvailableAt: z.number(),
});
export type OtpAttempt = z.infer<typeof otpAttemptSchema>;

export function attemptFromChallenge(challenge: OtpChallenge, now = Date.now()): OtpAttempt {
  return { challenge, resendAvailableAt: now + challenge.resend_available_in_seconds * 1000 };
}

export function parseAttempt(value: unknown): OtpAttempt | null {
  const result = otpAttemptSchema.safeParse(value);
  return result.success ? result.data : null;
}
