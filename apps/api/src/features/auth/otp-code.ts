import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@refund/contracts/auth';

/** A code from the cryptographic random source, zero-padded to six digits. */
export function generateOtpCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/** Codes are stored as a keyed hash bound to their attempt, so a code works only there. */
export function hashOtpCode(secret: string, attemptId: string, code: string): string {
  return createHmac('sha256', secret).update(`${attemptId}:${code}`).digest('hex');
}

export function otpCodeMatches(
  secret: string,
  attemptId: string,
  code: string,
  storedHash: string | null,
): boolean {
  if (!storedHash) return false;
  const actual = Buffer.from(hashOtpCode(secret, attemptId, code), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
