import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { profile, refund, refundUuid, signedIn } from '../../../test/claim-fixtures';
import { installFakeApi, json, sandboxConfig } from '../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../test/render-app';
import { createReturnPathStore } from '../../features/auth/return-path';
import { lastClaimResult, pendingClaim } from '../../features/claim/pending-claim';
import { ClaimSuccessScreen } from './claim-success-screen';

const claimAnswer = {
  refund_uuid: refundUuid,
  returns: [
    { return_uuid: refund().returns[0]?.return_uuid, amountInCents: 14950 },
    { return_uuid: refund().returns[1]?.return_uuid, amountInCents: 2400 },
  ],
};
const refused = () =>
  json(
    {
      code: 5002,
      code_description: 'CLAIM_NOT_ALLOWED',
      message: 'Verify the phone number or email this refund was sent to before claiming it.',
    },
    403,
  );

function open(claimHandler: () => Response, email = 'robin@example.com') {
  pendingClaim.write({
    refund_uuid: refundUuid,
    amount_in_cents: 17350,
    email,
    masked_email: null,
    email_verification_tried: false,
    method: 'instant',
  });
  const api = installFakeApi({
    'GET /app-config': () => json(sandboxConfig),
    'POST /customers/claim-refund': claimHandler,
    [`GET /refunds/${refundUuid}`]: () => json(refund()),
    'GET /users/profile': () => json(profile),
  });
  const screenUnderTest = (
    <ClaimSuccessScreen returnPaths={createReturnPathStore(sessionStorage)} />
  );
  renderApp(
    <Routes>
      <Route path="/claim-succes" element={screenUnderTest} />
      <Route path="*" element={null} />
    </Routes>,
    { route: '/claim-succes', machine: fakeAuthMachine(signedIn).machine },
  );
  const location = () => screen.getByTestId('location');
  return {
    api,
    path: () => location().textContent,
    state: () => JSON.parse(location().getAttribute('data-state') ?? 'null') as unknown,
  };
}

describe('/claim-succes', () => {
  it('claims the pending refund and shows what is available now and what is pending', async () => {
    const { api } = open(() => json(claimAnswer));
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund claimed!' })).toBeTruthy();
    expect(screen.getByText('$173.50 was added to your wallet.')).toBeTruthy();
    expect((await screen.findByTestId('claimed-available')).textContent).toBe('$148.50');
    expect(screen.getByTestId('claimed-pending').textContent).toBe('$25.00');
    expect(api.callsTo('POST /customers/claim-refund')[0]?.body).toEqual({
      refund_uuid: refundUuid,
    });
    expect(pendingClaim.read()).toBeNull();
    expect(lastClaimResult.read()).toEqual({
      refund_uuid: refundUuid,
      amount_in_cents: 17350,
      method: 'instant',
    });
  });

  it('sends a new account holding the refund email to verify it by code when the claim is refused', async () => {
    const { path, state } = open(refused);
    await waitFor(() => expect(path()).toBe('/verify-account'));
    expect(state()).toEqual({
      verifyAttempt: 'VERIFY_EMAIL',
      refund_uuid: refundUuid,
      channel: 'email',
      destination: 'r•••@example.com',
    });
    expect(pendingClaim.read()?.email_verification_tried).toBe(true);
  });

  it('tells anyone else why, and goes home', async () => {
    const { path } = open(refused, 'someone.else@example.com');
    expect(
      await screen.findByText(
        'Verify the phone number or email this refund was sent to before claiming it.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/'));
    expect(pendingClaim.read()).toBeNull();
  });

  it('shows the claim error page when the refund can no longer be claimed', async () => {
    const { path } = open(() =>
      json(
        {
          code: 5001,
          code_description: 'REFUND_NOT_CLAIMABLE',
          message: 'This refund link is not valid anymore.',
        },
        404,
      ),
    );
    await waitFor(() => expect(path()).toBe('/claim-error'));
  });
});
