import { describe, expect, it } from 'vitest';
import {
  afterClaimRefused,
  claimedAmount,
  isRefundEmail,
  lastClaimResult,
  pendingClaim,
  type PendingClaim,
} from './pending-claim';

const claim = (overrides: Partial<PendingClaim> = {}): PendingClaim => ({
  refund_uuid: '9d7e2c1a-4b3f-4e8d-9a6c-2f1e0b9c8d7a',
  amount_in_cents: 5000,
  email: 'robin@example.com',
  masked_email: null,
  email_verification_tried: false,
  method: 'instant',
  ...overrides,
});

describe('pending claim storage', () => {
  it('survives a reload through session storage and can be cleared', () => {
    pendingClaim.write(claim());
    expect(pendingClaim.read()).toEqual(claim());
    pendingClaim.clear();
    expect(pendingClaim.read()).toBeNull();
  });

  it('reads a damaged or foreign value as nothing pending', () => {
    sessionStorage.setItem('pending_claim', '{not json');
    expect(pendingClaim.read()).toBeNull();
    sessionStorage.setItem('pending_claim', JSON.stringify({ refund_uuid: 'nope' }));
    expect(pendingClaim.read()).toBeNull();
  });

  it('keeps the last claim result for a reload of the success page', () => {
    lastClaimResult.write({
      refund_uuid: claim().refund_uuid,
      amount_in_cents: 5000,
      method: 'instant',
    });
    expect(lastClaimResult.read()?.amount_in_cents).toBe(5000);
  });
});

describe('when the server refuses the claim (403)', () => {
  it('sends a customer who signed up with the refund email, unverified, to verify it', () => {
    expect(afterClaimRefused(claim(), { email: 'Robin@Example.com', email_verified: false })).toBe(
      'verify-email',
    );
  });

  it('recognises the email from the masked form when that is all the server gave', () => {
    const masked = claim({ email: null, masked_email: 'r•••@example.com' });
    expect(isRefundEmail(masked, { email: 'robin@example.com', email_verified: false })).toBe(true);
    expect(isRefundEmail(masked, { email: 'sam@example.com', email_verified: false })).toBe(false);
    expect(afterClaimRefused(masked, { email: 'robin@example.com', email_verified: false })).toBe(
      'verify-email',
    );
  });

  it('gives up for an account with another email', () => {
    expect(afterClaimRefused(claim(), { email: 'sam@example.com', email_verified: false })).toBe(
      'give-up',
    );
  });

  it('gives up when the email is verified already: verifying again cannot help', () => {
    expect(afterClaimRefused(claim(), { email: 'robin@example.com', email_verified: true })).toBe(
      'give-up',
    );
  });

  it('gives up after one email verification, so a refusal can never loop', () => {
    expect(
      afterClaimRefused(claim({ email_verification_tried: true }), {
        email: 'robin@example.com',
        email_verified: false,
      }),
    ).toBe('give-up');
  });

  it('gives up when nothing is known about the refund email', () => {
    expect(
      afterClaimRefused(claim({ email: null, masked_email: null }), {
        email: 'robin@example.com',
        email_verified: false,
      }),
    ).toBe('give-up');
  });
});

describe('claimed amount', () => {
  it('adds up the returns of the claim answer', () => {
    expect(claimedAmount([{ amountInCents: 14950 }, { amountInCents: 2400 }])).toBe(17350);
    expect(claimedAmount([])).toBe(0);
  });
});
