import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profile } from '../../test/claim-fixtures';
import { installFakeApi, json, sandboxConfig } from '../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../test/render-app';
import type { AuthState } from '../features/auth/auth-machine';
import { createReturnPathStore } from '../features/auth/return-path';
import { AppRoutes } from './app-routes';

function open(route: string, state: AuthState) {
  installFakeApi({
    'GET /app-config': () => json(sandboxConfig),
    'GET /wallet/balance': () =>
      json({ available_in_cents: 500, pending_in_cents: 0, total_in_cents: 500 }),
    'GET /redemption-methods': () => json({ data: [] }),
  });
  const { machine, retry } = fakeAuthMachine(state);
  renderApp(<AppRoutes returnPaths={createReturnPathStore(sessionStorage)} />, {
    route,
    machine,
  });
  return { retry, location: () => screen.getByTestId('location').textContent };
}

const checkingOffline: AuthState = { status: 'Unknown', user: null, offline: true };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API out of reach while the session is checked', () => {
  it('shows that it cannot reach the service, with a retry, instead of signing out', async () => {
    const { retry, location } = open('/profile', checkingOffline);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "We can't reach Refundly right now",
      }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Nothing is lost');
    // Still on the page asked for: no trip to sign-in.
    expect(location()).toBe('/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('says "You\'re offline" when the browser has no connection', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    open('/', { status: 'ValidateAccess', user: null, offline: true });
    expect(await screen.findByRole('heading', { level: 1, name: "You're offline" })).toBeTruthy();
  });

  it('shows the same state on the sign-in page rather than the form', async () => {
    const { location } = open('/auth', checkingOffline);
    expect(
      await screen.findByRole('heading', { name: "We can't reach Refundly right now" }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Phone number')).toBeNull();
    expect(location()).toBe('/auth');
  });

  it('signed in, keeps the page and shows a banner with a retry above it', async () => {
    const { retry } = open('/', { status: 'AuthSuccessful', user: profile, offline: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Money' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We can't reach Refundly right now");
    await userEvent.click(
      within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Retry' }),
    );
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('signed in and online, shows no banner', async () => {
    open('/', { status: 'AuthSuccessful', user: profile, offline: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Money' })).toBeTruthy();
    expect(screen.queryByText(/can't reach/)).toBeNull();
  });
});
