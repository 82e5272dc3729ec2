import { describe, expect, it } from 'vitest';
import { generateOtpCode, hashOtpCode, otpCodeMatches } from './otp-code';

const secret = 'test-secret-test-secret-test-secret';
const attempt = '0b7c3c4e-7f59-4a53-9a39-2b0f3d0c1e11';
const otherAttempt = '5d2b1f7e-1c1a-4a55-8f43-8a1d7c2e9b00';

describe('one-time codes', () => {
  it('are six digits, zero padded', () => {
    for (let i = 0; i < 200; i += 1) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });

  it('are not predictable from one to the next', () => {
    const codes = new Set(Array.from({ length: 50 }, generateOtpCode));
    expect(codes.size).toBeGreaterThan(45);
  });

  it('are never stored in the clear', () => {
    const hash = hashOtpCode(secret, attempt, '123456');
    expect(hash).not.toContain('123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('match only the attempt that created them', () => {
    const stored = hashOtpCode(secret, attempt, '123456');
    expect(otpCodeMatches(secret, attempt, '123456', stored)).toBe(true);
    expect(otpCodeMatches(secret, attempt, '123457', stored)).toBe(false);
    expect(otpCodeMatches(secret, otherAttempt, '123456', stored)).toBe(false);
    expect(otpCodeMatches('another-secret-another-secret-xx', attempt, '123456', stored)).toBe(
      false,
    );
  });

  it('never match when no code was sent', () => {
    expect(otpCodeMatches(secret, attempt, '123456', null)).toBe(false);
  });
});
