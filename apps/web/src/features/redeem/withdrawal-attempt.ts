import { z } from 'zod';
import { otpAttemptSchema, type OtpAttempt } from '../../lib/otp-attempt';
import { sessionSlot } from '../../lib/session-slot';

/**
 * The withdrawal passcode sent for one redemption (its orderID), kept so a reload of
 * /verify-otp shows the same attempt and countdown instead of texting another code.
 */
const saved = sessionSlot(
  'withdrawal_otp_attempt',
  z.object({ order_id: z.string(), attempt: otpAttemptSchema }),
);

export function readWithdrawalAttempt(orderId: string | null): OtpAttempt | null {
  const found = saved.read();
  return orderId !== null && found?.order_id === orderId ? found.attempt : null;
}

export const saveWithdrawalAttempt = (orderId: string, attempt: OtpAttempt): void =>
  saved.write({ order_id: orderId, attempt });

export const clearWithdrawalAttempt = (): void => saved.clear();
