import { otpChallengeSchema, type OtpChallenge } from '@refund/contracts/auth';
import { z } from 'zod';

/**
 * The sign-in attempt being verified. It travels in router state and is mirrored in session
 * storage so a reload of the verify page still knows the attempt and the resend countdown.
 */
const otpAttemptSchema = z.object({
  challenge: otpChallengeSchema,
  /** Epoch milliseconds when resending becomes possible. */
  resendAvailableAt: z.number(),
});
export type OtpAttempt = z.infer<typeof otpAttemptSchema>;

const ATTEMPT_KEY = 'otp_attempt';

export function attemptFromChallenge(challenge: OtpChallenge, now = Date.now()): OtpAttempt {
  return { challenge, resendAvailableAt: now + challenge.resend_available_in_seconds * 1000 };
}

export function parseAttempt(value: unknown): OtpAttempt | null {
  const result = otpAttemptSchema.safeParse(value);
  return result.success ? result.data : null;
}

export function saveAttempt(attempt: OtpAttempt): void {
  try {
    sessionStorage.setItem(ATTEMPT_KEY, JSON.stringify(attempt));
  } catch {
    // Router state still carries the attempt for this visit.
  }
}

export function readSavedAttempt(): OtpAttempt | null {
  try {
    const saved = sessionStorage.getItem(ATTEMPT_KEY);
    return saved ? parseAttempt(JSON.parse(saved)) : null;
  } catch {
    return null;
  }
}

export function clearSavedAttempt(): void {
  try {
    sessionStorage.removeItem(ATTEMPT_KEY);
  } catch {
    // Nothing saved.
  }
}

/** Router state when navigating to the verify page. */
export interface VerifyLocationState {
  attempt: OtpAttempt;
}

export function attemptFromLocationState(state: unknown): OtpAttempt | null {
  if (typeof state !== 'object' || state === null || !('attempt' in state)) return null;
  return parseAttempt(state.attempt);
}
