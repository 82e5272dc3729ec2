import { z } from 'zod';
import { otpAttemptSchema, parseAttempt, type OtpAttempt } from '../../lib/otp-attempt';
import { sessionSlot } from '../../lib/session-slot';

/**
 * The sign-in attempt being verified. It travels in router state and is mirrored in session
 * storage so a reload of the verify page still knows the attempt and the resend countdown.
 */
const savedAttempt = sessionSlot('otp_attempt', otpAttemptSchema);

export const saveAttempt = (attempt: OtpAttempt): void => savedAttempt.write(attempt);
export const readSavedAttempt = (): OtpAttempt | null => savedAttempt.read();
export const clearSavedAttempt = (): void => savedAttempt.clear();

/** Router state when navigating to the verify page. */
export interface VerifyLocationState {
  attempt: OtpAttempt;
}

const locationStateSchema = z.object({ attempt: z.unknown() });

export function attemptFromLocationState(state: unknown): OtpAttempt | null {
  const result = locationStateSchema.safeParse(state);
  return result.success ? parseAttempt(result.data.attempt) : null;
}
