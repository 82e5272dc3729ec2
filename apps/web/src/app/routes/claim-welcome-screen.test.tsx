import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { challenge, refundUuid, signedIn, signedOut } from '../../../test/claim-fixtures';
import { installFakeApi, json, sandboxConfig } from '../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../test/render-app';
import type { AuthState } from '../../features/auth/auth-machine';
import { createReturnPathStore } from '../../features/auth/return-path';
import { pendingClaim } from '../../features/claim/pending-claim';
import { ClaimWelcomeScreen } from './claim-welcome-screen';

const fromClaim = {
  isfromClaim: true,
  refund_uuid: refundUuid,
  amountInCents: 8999,
  name: 'Robin',
  splashFileKey: null,
  logoFileKey: null,
};

const welcomeBonus = { amount_in_cents: 1_000, last_day: '2099-06-30' };

function open(
  auth: AuthState,
  state: unknown,
  nextStep?: unknown,
  config: unknown = sandboxConfig,
) {
  installFakeApi({
    'GET /app-config': () => json(config),
    [`GET /customers/claim-refund/next/${refundUuid}`]: () =>
      nextStep === undefined
        ? json(
            {
              code: 5001,
              code_description: 'REFUND_NOT_CLAIMABLE',
              message: 'This refund link is not valid anymore.',
            },
            404,
          )
        : json(nextStep),
    'POST /customers/claim-refund/otp': () => json(challenge),
  });
  const returnPaths = createReturnPathStore(sessionStorage);
  // Inside routes, so the welcome leaves the page when it navigates, as in the app.
  renderApp(
    <Routes>
      <Route path="/claim-refund" element={<ClaimWelcomeScreen returnPaths={returnPaths} />} />
      <Route path="*" element={null} />
    </Routes>,
    {
      route: { pathname: '/claim-refund', state },
      machine: fakeAuthMachine(auth).machine,
    },
  );
  const location = () => screen.getByTestId('location');
  return {
    returnPaths,
    path: () => location().textContent,
    state: () => JSON.parse(location().getAttribute('data-state') ?? 'null') as unknown,
  };
}

describe('claim welcome', () => {
  it('greets by name with the amount and the terms, and promises no bonus when none is offered', async () => {
    open(signedOut, fromClaim);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Robin' })).toBeTruthy();
    expect(screen.getByText('Redeem your $89.99 now!')).toBeTruthy();
    const terms = screen.getByText(
      (_, element) =>
        element?.tagName === 'P' &&
        element.textContent ===
          'By continuing, you agree to the Terms of Service and Privacy Agreement.',
    );
    expect(within(terms).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(
      within(terms).getByRole('link', { name: 'Privacy Agreement' }).getAttribute('href'),
    ).toBe('/privacy');
    // The configuration has arrived (it names the brand in the title), and offers no bonus.
    await waitFor(() => expect(document.title).toContain('Refundly'));
    expect(screen.queryByText(/bonus|\$10|free play|expires/i)).toBeNull();
  });

  it('states the welcome bonus the server offers: its amount and its last day', async () => {
    open(signedOut, fromClaim, undefined, { ...sandboxConfig, welcome_bonus: welcomeBonus });
    expect(
      await screen.findByText(
        'New here? Your first refund claim comes with a $10.00 bonus to spend on gift cards and prepaid cards until 6/30/2099.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Redeem your $89.99 now!')).toBeTruthy();
  });

  it('promises no bonus after its last day', async () => {
    open(signedOut, fromClaim, undefined, {
      ...sandboxConfig,
      welcome_bonus: { ...welcomeBonus, last_day: '2020-06-30' },
    });
    await waitFor(() => expect(document.title).toContain('Refundly'));
    expect(screen.queryByText(/bonus/i)).toBeNull();
  });

  it('says "Welcome!" without a name, and without an amount promises no bonus', async () => {
    open(signedOut, { ...fromClaim, name: null, amountInCents: null }, undefined, {
      ...sandboxConfig,
      welcome_bonus: welcomeBonus,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Refundly'));
    expect(screen.queryByText(/bonus/i)).toBeNull();
  });

  it.each([
    ['signed in', signedIn, '/'],
    ['signed out', signedOut, '/auth'],
  ])('sends a visitor %s who did not come from a claim to %s', async (_, auth, target) => {
    const { path } = open(auth, null);
    await waitFor(() => expect(path()).toBe(target));
  });

  it('ACCOUNT_SIGNUP: opens sign-up with the first name and keeps the claim to finish after sign-up', async () => {
    const { path, state, returnPaths } = open(signedOut, fromClaim, {
      goto: 'ACCOUNT_SIGNUP',
      phone_number: '+1 xxx-xxx-0111',
      email: 'r•••@example.com',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(path()).toBe('/auth?mode=signup'));
    // The server answers contacts masked: nothing of them is typed into the form for the customer.
    expect(state()).toEqual({
      claimSignUp: { email: null, phone_number: null, first_name: 'Robin' },
      isAddPhoneNumber: false,
    });
    expect(pendingClaim.read()).toMatchObject({
      refund_uuid: refundUuid,
      amount_in_cents: 8999,
      masked_email: 'r•••@example.com',
    });
    expect(returnPaths.peek()).toBe('/claim-succes');
  });

  it('ACCOUNT_VERIFICATION: goes to verify the refund phone', async () => {
    const { path, state } = open(signedOut, fromClaim, {
      goto: 'ACCOUNT_VERIFICATION',
      phone_number: '+1 xxx-xxx-0143',
      email: null,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(path()).toBe('/verify-account'));
    expect(state()).toMatchObject({ purpose: 'REFUND_CLAIM', channel: 'mobile' });
  });

  it('signed in: claims straight away on /claim-succes', async () => {
    const { path, returnPaths } = open(signedIn, fromClaim, {
      goto: 'ACCOUNT_VERIFICATION',
      phone_number: '+1 xxx-xxx-0111',
      email: null,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(path()).toBe('/claim-succes'));
    expect(pendingClaim.read()?.refund_uuid).toBe(refundUuid);
    expect(returnPaths.peek()).toBeNull();
  });

  it('shows the server message in a toast when the next step fails', async () => {
    const { path } = open(signedOut, fromClaim);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This refund link is not valid anymore.')).toBeTruthy();
    expect(path()).toBe('/claim-refund');
    expect(pendingClaim.read()).toBeNull();
  });
});
