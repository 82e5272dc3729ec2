import type { AccessTokenResponse } from '@refund/contracts/auth';
import type { Profile } from '@refund/contracts/profile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryAnalytics } from '../../lib/analytics';
import { createMemoryErrorReporter } from '../../lib/error-reporter';
import { createAuthMachine, type AuthDeps } from './auth-machine';
import { createTokenStore } from './token-store';

const user: Profile = {
  user_uuid: '4f6c1b9e-2d7a-4c55-9a61-0c2b8e7d3f10',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  email_verified: true,
  phone_number: '5551234567',
  address: [],
  date_of_birth: '1990-05-01',
};

const token = (value: string, lifetime = 900): AccessTokenResponse => ({
  access_token: value,
  access_token_expiry_in_seconds: lifetime,
});

function setup(overrides: Partial<AuthDeps> = {}, storedToken: string | null = null) {
  const storage = new Map<string, string>();
  if (storedToken) storage.set('_ca', storedToken);
  const analytics = createMemoryAnalytics();
  const errors = createMemoryErrorReporter();
  const deps: AuthDeps = {
    refreshToken: vi.fn(() => Promise.resolve(token('refreshed'))),
    fetchProfile: vi.fn(() => Promise.resolve(user)),
    logout: vi.fn(() => Promise.resolve()),
    tokenStore: createTokenStore({
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    }),
    analytics,
    errors,
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    navigate: vi.fn(),
    takeReturnPath: vi.fn(() => '/profile?tab=1'),
    signInPath: '/auth',
    ...overrides,
  };
  const machine = createAuthMachine(deps);
  const statuses: string[] = [];
  machine.subscribe(() => statuses.push(machine.getState().status));
  return { machine, deps, storage, analytics, errors, statuses };
}

/** Lets pending promise callbacks run without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start', () => {
  it('without a stored token goes straight to AuthRequired without calling the API', async () => {
    const { machine, deps } = setup();
    expect(machine.getState().status).toBe('Unknown');
    machine.start();
    await settle();
    expect(machine.getState()).toEqual({ status: 'AuthRequired', user: null });
    expect(deps.refreshToken).not.toHaveBeenCalled();
  });

  it('with a stored token refreshes, validates the profile and signs in', async () => {
    const { machine, deps, storage, statuses } = setup({}, 'stored');
    machine.start();
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
    expect(machine.getState().status).toBe('Unknown');
    await settle();
    expect(statuses).toEqual(['ValidateAccess', 'AuthSuccessful']);
    expect(machine.getState().user).toEqual(user);
    expect(storage.get('_ca')).toBe('refreshed');
    expect(deps.navigate).toHaveBeenCalledWith('/profile?tab=1', { replace: true });
  });

  it('stores a token handed in from the address before refreshing with it', async () => {
    const { machine, deps, storage } = setup({
      refreshToken: vi.fn(() => {
        expect(storage.get('_ca')).toBe('from-link');
        return Promise.resolve(token('refreshed'));
      }),
    });
    machine.start({ accessToken: 'from-link' });
    await settle();
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
    expect(machine.getState().status).toBe('AuthSuccessful');
  });
});

describe('refresh', () => {
  it.each([
    ['answers no token', () => Promise.resolve(null)],
    ['fails', () => Promise.reject(new Error('401'))],
  ])(
    'that %s tracks logged_out (token expired), resets analytics and requires auth',
    async (_, refreshToken) => {
      const { machine, analytics, storage } = setup(
        { refreshToken: vi.fn(refreshToken) },
        'stored',
      );
      machine.start();
      await settle();
      expect(machine.getState()).toEqual({ status: 'AuthRequired', user: null });
      expect(storage.has('_ca')).toBe(false);
      expect(analytics.calls).toEqual([
        { type: 'track', event: 'logged_out', properties: { token_expired: true } },
        { type: 'reset' },
      ]);
    },
  );

  it('runs first 60 s after sign-in, then at token lifetime minus 10 s', async () => {
    const { machine, deps } = setup({
      refreshToken: vi.fn(() => Promise.resolve(token('next', 300))),
    });
    machine.start();
    machine.acceptToken(token('from-verify', 900));
    await settle();
    expect(machine.getState().status).toBe('AuthSuccessful');

    await vi.advanceTimersByTimeAsync(59_999);
    expect(deps.refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(289_999);
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.refreshToken).toHaveBeenCalledTimes(2);
  });

  it('while signed in keeps the user and does not load the profile again', async () => {
    const { machine, deps, storage, statuses } = setup();
    machine.start();
    machine.acceptToken(token('from-verify'));
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
    expect(deps.fetchProfile).toHaveBeenCalledTimes(1);
    expect(storage.get('_ca')).toBe('refreshed');
    expect(statuses).toEqual(['AuthRequired', 'ValidateAccess', 'AuthSuccessful']);
    expect(machine.getState().user).toEqual(user);
  });

  it('failing while signed in ends the session and schedules nothing more', async () => {
    const refreshToken = vi.fn(() => Promise.reject(new Error('401')));
    const { machine, analytics } = setup({ refreshToken });
    machine.start();
    machine.acceptToken(token('from-verify'));
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(machine.getState()).toEqual({ status: 'AuthRequired', user: null });
    expect(analytics.calls).toContainEqual({
      type: 'track',
      event: 'logged_out',
      properties: { token_expired: true },
    });
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });
});

describe('ValidateAccess', () => {
  it('signs in and identifies the user to analytics with a +1 phone number', async () => {
    const { machine, analytics } = setup();
    machine.start();
    machine.acceptToken(token('from-verify'));
    expect(machine.getState().status).toBe('ValidateAccess');
    await settle();
    expect(machine.getState()).toEqual({ status: 'AuthSuccessful', user });
    expect(analytics.calls).toContainEqual({
      type: 'identify',
      userId: user.user_uuid,
      traits: expect.objectContaining({ phone: '+15551234567' }) as unknown,
    });
  });

  it('clears the user and requires auth when the profile cannot be loaded', async () => {
    const { machine, deps, storage } = setup({
      fetchProfile: vi.fn(() => Promise.reject(new Error('500'))),
    });
    machine.start();
    machine.acceptToken(token('from-verify'));
    await settle();
    expect(machine.getState()).toEqual({ status: 'AuthRequired', user: null });
    expect(storage.has('_ca')).toBe(false);
    expect(deps.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(deps.refreshToken).not.toHaveBeenCalled();
  });

  it('stays on the current page when there is nowhere to return to', async () => {
    const { machine, deps } = setup({ takeReturnPath: () => null });
    machine.start();
    machine.acceptToken(token('from-verify'));
    await settle();
    expect(machine.getState().status).toBe('AuthSuccessful');
    expect(deps.navigate).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  async function signedIn(overrides: Partial<AuthDeps> = {}) {
    const context = setup(overrides);
    context.machine.start();
    context.machine.acceptToken(token('from-verify'));
    await settle();
    vi.mocked(context.deps.navigate).mockClear();
    context.analytics.calls.length = 0;
    return context;
  }

  it('calls the API, removes the token, requires auth and replaces history with sign-in', async () => {
    const { machine, deps, storage, analytics } = await signedIn();
    await machine.logout();
    expect(deps.logout).toHaveBeenCalledTimes(1);
    expect(storage.has('_ca')).toBe(false);
    expect(machine.getState()).toEqual({ status: 'AuthRequired', user: null });
    expect(deps.navigate).toHaveBeenCalledWith('/auth', { replace: true });
    expect(analytics.calls).toEqual([
      { type: 'track', event: 'logged_out', properties: { token_expired: false } },
      { type: 'reset' },
    ]);
  });

  it('ends signed out even when the logout call fails, reporting the error', async () => {
    const failure = new Error('network down');
    const { machine, deps, storage, errors } = await signedIn({
      logout: vi.fn(() => Promise.reject(failure)),
    });
    await machine.logout();
    expect(machine.getState()).toEqual({ status: 'AuthRequired', user: null });
    expect(storage.has('_ca')).toBe(false);
    expect(deps.navigate).toHaveBeenCalledWith('/auth', { replace: true });
    expect(errors.captured).toEqual([{ error: failure, context: { during: 'logout' } }]);
  });

  it('cancels the scheduled refresh', async () => {
    const { machine, deps } = await signedIn();
    await machine.logout();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(deps.refreshToken).not.toHaveBeenCalled();
  });

  it('wins over a refresh answer arriving after it', async () => {
    let answer: (value: AccessTokenResponse) => void = () => undefined;
    const { machine, deps } = setup(
      { refreshToken: vi.fn(() => new Promise<AccessTokenResponse>((r) => (answer = r))) },
      'stored',
    );
    machine.start();
    await machine.logout();
    answer(token('late'));
    await settle();
    expect(machine.getState().status).toBe('AuthRequired');
    expect(deps.fetchProfile).not.toHaveBeenCalled();
  });
});

describe('HTTP 401', () => {
  it('removes the stored token', () => {
    const { machine, storage } = setup({}, 'stored');
    machine.handleUnauthorized();
    expect(storage.has('_ca')).toBe(false);
    expect(machine.getAccessToken()).toBeNull();
  });
});
