import type { ClaimNextStep } from '@refund/contracts/refunds';
import { describe, expect, it } from 'vitest';
import { routeForNextStep, type ClaimStart } from './next-step-route';

const claim: ClaimStart = {
  refund_uuid: '9d7e2c1a-4b3f-4e8d-9a6c-2f1e0b9c8d7a',
  amount_in_cents: 8999,
  name: 'Robin',
};

const step = (goto: ClaimNextStep['goto'], phone: string | null, email: string | null) => ({
  goto,
  phone_number: phone,
  email,
});

describe('claim next step, signed out (SPEC §4)', () => {
  it('ACCOUNT_VERIFICATION with a phone verifies by SMS', () => {
    const decision = routeForNextStep(step('ACCOUNT_VERIFICATION', '+1 xxx-xxx-0143', null), claim);
    expect(decision).toEqual({
      to: '/verify-account',
      state: {
        purpose: 'REFUND_CLAIM',
        refund_uuid: claim.refund_uuid,
        channel: 'mobile',
        isAddPhoneNumber: false,
        destination: '+1 xxx-xxx-0143',
      },
      replace: false,
      pendingClaim: {
        refund_uuid: claim.refund_uuid,
        amount_in_cents: 8999,
        email: null,
        masked_email: null,
        email_verification_tried: false,
        method: 'instant',
      },
    });
  });

  it.each([null, ''])(
    'ACCOUNT_VERIFICATION without a phone (%j) verifies by email and asks for a phone',
    (phone) => {
      const decision = routeForNextStep(
        step('ACCOUNT_VERIFICATION', phone, 'r•••@example.com'),
        claim,
      );
      expect(decision.state).toMatchObject({
        purpose: 'REFUND_CLAIM',
        channel: 'email',
        isAddPhoneNumber: true,
        destination: 'r•••@example.com',
      });
      expect(decision.pendingClaim?.masked_email).toBe('r•••@example.com');
    },
  );

  it('ACCOUNT_SIGNUP opens sign-up with the first name only, replacing history, and keeps the masked email', () => {
    const decision = routeForNextStep(
      step('ACCOUNT_SIGNUP', '+1 xxx-xxx-0111', 'r•••@example.com'),
      claim,
    );
    expect(decision).toMatchObject({
      to: '/auth?mode=signup',
      replace: true,
      state: {
        claimSignUp: { email: null, phone_number: null, first_name: 'Robin' },
        isAddPhoneNumber: false,
      },
    });
    expect(decision.pendingClaim).toMatchObject({ email: null, masked_email: 'r•••@example.com' });
  });

  it('VERIFY_EMAIL verifies the email by code, once', () => {
    const decision = routeForNextStep(step('VERIFY_EMAIL', null, 'r•••@example.com'), claim);
    expect(decision).toMatchObject({
      to: '/verify-account',
      replace: false,
      state: {
        verifyAttempt: 'VERIFY_EMAIL',
        refund_uuid: claim.refund_uuid,
        channel: 'email',
        destination: 'r•••@example.com',
      },
      pendingClaim: { email_verification_tried: true },
    });
  });

  it('ADD_PHONE_NUMBER opens sign-up with a phone to add', () => {
    const decision = routeForNextStep(step('ADD_PHONE_NUMBER', null, 'r•••@example.com'), claim);
    expect(decision).toMatchObject({
      to: '/auth?mode=signup',
      replace: false,
      state: {
        claimSignUp: { email: null, phone_number: null, first_name: 'Robin' },
        isAddPhoneNumber: true,
      },
    });
    expect(decision.pendingClaim?.masked_email).toBe('r•••@example.com');
  });

  it('carries the original payment method choice to the pending claim', () => {
    const decision = routeForNextStep(step('ACCOUNT_VERIFICATION', '+1 xxx-xxx-0143', null), {
      ...claim,
      method: 'original',
    });
    expect(decision.pendingClaim?.method).toBe('original');
  });

  it('CLAIM_SUCCESS shows the claim error page and leaves nothing pending', () => {
    expect(routeForNextStep(step('CLAIM_SUCCESS', null, null), claim)).toEqual({
      to: '/claim-error',
      state: { reason: 'already-claimed' },
      replace: true,
      pendingClaim: null,
    });
  });
});

describe('claim next step, signed in', () => {
  it.each(['ACCOUNT_VERIFICATION', 'ACCOUNT_SIGNUP', 'ADD_PHONE_NUMBER'] as const)(
    '%s claims straight away, knowing only the masked email',
    (goto) => {
      const decision = routeForNextStep(step(goto, null, 'r•••@example.com'), claim, {
        signedIn: true,
      });
      expect(decision).toMatchObject({ to: '/claim-succes', state: null, replace: false });
      expect(decision.pendingClaim).toMatchObject({
        email: null,
        masked_email: 'r•••@example.com',
      });
    },
  );

  it('VERIFY_EMAIL (the account has the refund email, unproven) verifies it first', () => {
    const decision = routeForNextStep(step('VERIFY_EMAIL', null, 'r•••@example.com'), claim, {
      signedIn: true,
    });
    expect(decision).toMatchObject({
      to: '/verify-account',
      state: { verifyAttempt: 'VERIFY_EMAIL', destination: 'r•••@example.com' },
    });
  });

  it('CLAIM_SUCCESS still shows the claim error page', () => {
    expect(routeForNextStep(step('CLAIM_SUCCESS', null, null), claim, { signedIn: true }).to).toBe(
      '/claim-error',
    );
  });
});
