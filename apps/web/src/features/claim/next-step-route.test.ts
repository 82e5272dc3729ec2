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
      },
    });
  });

  it.each([null, ''])(
    'ACCOUNT_VERIFICATION without a phone (%j) verifies by email and asks for a phone',
    (phone) => {
      const decision = routeForNextStep(
        step('ACCOUNT_VERIFICATION', phone, 'r***@example.com'),
        claim,
      );
      expect(decision.state).toMatchObject({
        purpose: 'REFUND_CLAIM',
        channel: 'email',
        isAddPhoneNumber: true,
        destination: 'r***@example.com',
      });
      expect(decision.pendingClaim?.masked_email).toBe('r***@example.com');
    },
  );

  it('ACCOUNT_SIGNUP opens sign-up prefilled, replacing history, and remembers the real email', () => {
    const decision = routeForNextStep(
      step('ACCOUNT_SIGNUP', '3125550111', 'robin@example.com'),
      claim,
    );
    expect(decision).toMatchObject({
      to: '/auth?mode=signup',
      replace: true,
      state: {
        claimSignUp: {
          email: 'robin@example.com',
          phone_number: '3125550111',
          first_name: 'Robin',
        },
        isAddPhoneNumber: false,
      },
    });
    expect(decision.pendingClaim).toMatchObject({ email: 'robin@example.com', masked_email: null });
  });

  it('VERIFY_EMAIL verifies the email by code', () => {
    const decision = routeForNextStep(step('VERIFY_EMAIL', null, 'r***@example.com'), claim);
    expect(decision).toMatchObject({
      to: '/verify-account',
      replace: false,
      state: {
        verifyAttempt: 'VERIFY_EMAIL',
        refund_uuid: claim.refund_uuid,
        channel: 'email',
        destination: 'r***@example.com',
      },
    });
  });

  it('ADD_PHONE_NUMBER opens sign-up with the email and a phone to add', () => {
    const decision = routeForNextStep(step('ADD_PHONE_NUMBER', null, 'robin@example.com'), claim);
    expect(decision).toMatchObject({
      to: '/auth?mode=signup',
      replace: false,
      state: {
        claimSignUp: { email: 'robin@example.com', phone_number: null, first_name: 'Robin' },
        isAddPhoneNumber: true,
      },
    });
    expect(decision.pendingClaim?.email).toBe('robin@example.com');
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
  it.each(['ACCOUNT_VERIFICATION', 'VERIFY_EMAIL'] as const)(
    '%s claims straight away, knowing only the masked email',
    (goto) => {
      const decision = routeForNextStep(step(goto, null, 'r***@example.com'), claim, {
        signedIn: true,
      });
      expect(decision).toMatchObject({ to: '/claim-succes', state: null, replace: false });
      expect(decision.pendingClaim).toMatchObject({
        email: null,
        masked_email: 'r***@example.com',
      });
    },
  );

  it.each(['ACCOUNT_SIGNUP', 'ADD_PHONE_NUMBER'] as const)(
    '%s claims straight away, keeping the real email',
    (goto) => {
      const decision = routeForNextStep(step(goto, null, 'robin@example.com'), claim, {
        signedIn: true,
      });
      expect(decision.to).toBe('/claim-succes');
      expect(decision.pendingClaim).toMatchObject({ email: 'robin@example.com' });
    },
  );

  it('CLAIM_SUCCESS still shows the claim error page', () => {
    expect(routeForNextStep(step('CLAIM_SUCCESS', null, null), claim, { signedIn: true }).to).toBe(
      '/claim-error',
    );
  });
});
