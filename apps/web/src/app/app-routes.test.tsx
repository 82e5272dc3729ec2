import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json, sandboxConfig } from '../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../test/render-app';
import type { AuthState } from '../features/auth/auth-machine';
import { createReturnPathStore } from '../features/auth/return-path';
import { methodScreens, type MethodRegistry } from '../lib/methods/method-registry';
import { AppRoutes } from './app-routes';
import { methodRegistry } from './methods/method-registry';

/** The app's methods and one only this file knows, which brings a screen of its own. */
const withNewMethod: MethodRegistry = {
  ...methodRegistry,
  paypal_test: {
    ...methodRegistry.bank,
    startHref: () => '/redeem/paypal_test',
    screens: [{ path: '/redeem/paypal_test', Screen: () => <h1>Send to PayPal</h1> }],
  },
};

const signedIn: AuthState = {
  status: 'AuthSuccessful',
  user: {
    user_uuid: '4f6c1b9e-2d7a-4c55-9a61-0c2b8e7d3f10',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    email_verified: true,
    phone_number: '5551234567',
    address: [],
    date_of_birth: '1990-05-01',
  },
  offline: false,
};
const signedOut: AuthState = { status: 'AuthRequired', user: null, offline: false };

const refundUuid = '9d7e2c1a-4b3f-4e8d-9a6c-2f1e0b9c8d7a';
const claimPage = {
  refund_uuid: refundUuid,
  merchant_name: 'Summit Sports',
  customer_first_name: 'Robin',
  amount_in_cents: 8999,
  order_number: 'SS-10482',
  logo_file_key: null,
  splash_file_key: null,
  expires_at: '2030-01-01T00:00:00.000Z',
};

function open(
  route: string,
  state: AuthState,
  extra: Parameters<typeof installFakeApi>[0] = {},
  methods?: MethodRegistry,
) {
  installFakeApi({
    ...extra,
    'GET /app-config': () => json(sandboxConfig),
    [`GET /customers/claim-refund/${refundUuid}`]: () => json(claimPage),
    'GET /customers/claim-refund/6a1f': () =>
      json(
        {
          code: 1001,
          code_description: 'VALIDATION_FAILED',
          message: 'refund_uuid: refund_uuid must be a UUID',
        },
        400,
      ),
  });
  // As the composition root makes it: the methods' own screens are pages to return to.
  const returnPaths = createReturnPathStore(
    sessionStorage,
    methodScreens(methods ?? methodRegistry).map((screen) => screen.path),
  );
  renderApp(<AppRoutes returnPaths={returnPaths} />, {
    route,
    machine: fakeAuthMachine(state).machine,
    methods,
  });
  return { returnPaths, location: () => screen.getByTestId('location').textContent };
}

describe('routes', () => {
  it("adds each method's own screens from its registry entry, for signed-in customers only", async () => {
    const signedInOpen = open('/redeem/paypal_test', signedIn, {}, withNewMethod);
    expect(await screen.findByRole('heading', { level: 1, name: 'Send to PayPal' })).toBeTruthy();
    expect(signedInOpen.location()).toBe('/redeem/paypal_test');
    cleanup();

    const signedOutOpen = open('/redeem/paypal_test', signedOut, {}, withNewMethod);
    await waitFor(() => expect(signedOutOpen.location()).toBe('/auth'));
    // Signing in leads back to it.
    expect(signedOutOpen.returnPaths.peek()).toBe('/redeem/paypal_test');
    cleanup();

    // Without the entry the address is no screen of the app's: it leads home.
    const unknown = open('/redeem/paypal_test', signedIn);
    await waitFor(() => expect(unknown.location()).toBe('/'));
  });

  it('sends a signed-out customer to /auth, remembering the page and its query', async () => {
    const { returnPaths, location } = open('/refunds-history?page=2', signedOut);
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(returnPaths.peek()).toBe('/refunds-history?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });

  it('shows the splash with the slogan while the session is being checked', async () => {
    open('/profile', { status: 'ValidateAccess', user: null, offline: false });
    expect(await screen.findByText('My money, my choice.')).toBeTruthy();
  });

  it('lets anyone open a claim link without signing in, and does not remember it', async () => {
    const { returnPaths, location } = open(`/claim/${refundUuid}`, signedOut);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Return request approved' }),
    ).toBeTruthy();
    expect(screen.getByTestId('claim-amount').textContent).toBe('$89.99');
    expect(location()).toBe(`/claim/${refundUuid}`);
    expect(returnPaths.peek()).toBeNull();
  });

  it('shows the claim error page for a link the server cannot read', async () => {
    const { location } = open('/claim/6a1f', signedOut);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is not valid' }),
    ).toBeTruthy();
    expect(location()).toBe('/claim-error');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
  });

  it('sends /claim-success to the SPEC spelling /claim-succes', async () => {
    sessionStorage.setItem(
      'claim_result',
      JSON.stringify({ refund_uuid: refundUuid, amount_in_cents: 8999 }),
    );
    const { location } = open('/claim-success', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund claimed!' })).toBeTruthy();
    expect(location()).toBe('/claim-succes');
  });

  it('sends a signed-in customer away from the sign-in page', async () => {
    const { location } = open('/auth', signedIn);
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('redirects an unknown path home', async () => {
    const { location } = open('/no/such/page', signedIn);
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('/earnRewards is the Earn Rewards screen; a brand of it without an offer says so', async () => {
    const { location } = open('/earnRewards', signedIn, {
      'GET /earn-rewards': () => json({ data: [] }),
      'GET /redemption-methods': () => json({ data: [] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Earn Rewards' })).toBeTruthy();
    expect(await screen.findByText('No rewards at the moment')).toBeTruthy();
    expect(location()).toBe('/earnRewards');
  });

  it('/earnRewards/{brandID} names a brand without an offer and leads back to the list', async () => {
    open('/earnRewards/brand-7', signedIn, {
      'GET /redemption-methods': () => json({ data: [] }),
      'GET /wallet/balance': () =>
        json({ available_in_cents: 20_000, pending_in_cents: 0, total_in_cents: 20_000 }),
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This brand has no reward at the moment',
      }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('main'))
        .getByRole('link', { name: 'See the brands with rewards' })
        .getAttribute('href'),
    ).toBe('/earnRewards');
  });

  it('/redeem/prepaid is the prepaid card screen', async () => {
    const { location } = open('/redeem/prepaid', signedIn, {
      'GET /redemption-methods': () =>
        json({
          data: [
            {
              mode: 'prepaid',
              destination_kind: 'prepaid_card',
              spends_bonus: true,
              is_available: true,
              min_amount: 1000,
              max_amount: 50000,
              fee_rate: 0,
              is_whole_amount_value_required: true,
            },
          ],
        }),
      'GET /wallet/balance': () =>
        json({ available_in_cents: 20_000, pending_in_cents: 0, total_in_cents: 20_000 }),
      'GET /prepaid-cardholder': () => json({ cardholder: null }),
      'GET /users/profile': () => json(signedIn.user),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Visa Prepaid Card' }),
    ).toBeTruthy();
    expect(await screen.findByLabelText('Amount to redeem (USD)')).toBeTruthy();
    expect(screen.queryByText('This redemption method is unavailable at this moment.')).toBeNull();
    expect(location()).toBe('/redeem/prepaid');
  });

  it('/redeem/fancash is the FanCash screen when the API offers FanCash', async () => {
    const { location } = open('/redeem/fancash', signedIn, {
      'GET /redemption-methods': () =>
        json({
          data: [
            {
              mode: 'fancash',
              destination_kind: 'fancash',
              spends_bonus: false,
              is_available: true,
              min_amount: 500,
              max_amount: 50000,
              fee_rate: 0,
              is_whole_amount_value_required: false,
            },
          ],
        }),
      'GET /wallet/balance': () =>
        json({ available_in_cents: 20_000, pending_in_cents: 0, total_in_cents: 20_000 }),
      'GET /fancash/link': () => json({ link: null }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'FanCash' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Link your FanCash account' })).toBeTruthy();
    expect(screen.queryByText('This redemption method is unavailable at this moment.')).toBeNull();
    expect(location()).toBe('/redeem/fancash');
  });

  it('/redeem/fancash says the method is unavailable when the API does not offer it', async () => {
    open('/redeem/fancash', signedIn, {
      'GET /redemption-methods': () =>
        json({
          data: [
            {
              mode: 'fancash',
              destination_kind: 'fancash',
              spends_bonus: false,
              is_available: false,
              min_amount: null,
              max_amount: null,
              fee_rate: null,
              is_whole_amount_value_required: false,
            },
          ],
        }),
      'GET /wallet/balance': () =>
        json({ available_in_cents: 20_000, pending_in_cents: 0, total_in_cents: 20_000 }),
      'GET /fancash/link': () => json({ link: null }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'FanCash' })).toBeTruthy();
    expect(
      await screen.findByText('This redemption method is unavailable at this moment.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Link your FanCash account' })).toBeNull();
  });

  it('/profile/visaprepaidcard-history lists the prepaid cards', async () => {
    const { location } = open('/profile/visaprepaidcard-history', signedIn, {
      'GET /redemption-methods': () => json({ data: [] }),
      'GET /prepaid-cards': () => json({ data: [], next_cursor: null }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Visa Prepaid Card History' }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No prepaid cards yet' })).toBeTruthy();
    expect(location()).toBe('/profile/visaprepaidcard-history');
  });

  it('titles pages with the brand from the server', async () => {
    open('/auth?mode=signup', signedOut);
    await waitFor(() => expect(document.title).toBe('Sign up - Refundly'));
  });

  it('sends a magic link without an id home', async () => {
    const { location } = open('/intent', signedIn);
    await waitFor(() => expect(location()).toBe('/'));
  });
});
