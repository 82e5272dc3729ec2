import type { AccessTokenResponse } from '@refund/contracts/auth';
import { errorBody, internalErrorBody } from '@refund/contracts/errors';
import type { Profile } from '@refund/contracts/profile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryAnalytics } from '../../lib/analytics';
import { ApiError } from '../../lib/api-error';
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

/** What the API client throws for each way a call can go wrong. */
const refused = () => new ApiError(401, errorBody('REFRESH_INVALID'));
const unauthorized = () => new ApiError(401, errorBody('UNAUTHORIZED'));
const networkError = () =>
  new ApiError(0, internalErrorBody, { cause: new TypeError('Failed to fetch') });
const serverError = (status = 503) => new ApiError(status, internalErrorBody);
const timedOut = () =>
  new ApiError(0, internalErrorBody, { cause: new DOMException('timed out', 'TimeoutError') });
const cancelled = () => new DOMException('The user aborted a request.', 'AbortError');

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

const signedOut = { status: 'AuthRequired', user: null, offline: false };

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
    expect(machine.getState()).toEqual(signedOut);
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
    ['is refused (401)', () => Promise.reject(refused())],
    ['is refused with another 4xx', () => Promise.reject(new ApiError(400, internalErrorBody))],
  ])(
    'that %s tracks logged_out (token expired), resets analytics and requires auth',
    async (_, refreshToken) => {
      const { machine, analytics, storage } = setup(
        { refreshToken: vi.fn(refreshToken) },
        'stored',
      );
      machine.start();
      await settle();
      expect(machine.getState()).toEqual(signedOut);
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

  it('refused while signed in ends the session and schedules nothing more', async () => {
    const refreshToken = vi.fn(() => Promise.reject(refused()));
    const { machine, analytics } = setup({ refreshToken });
    machine.start();
    machine.acceptToken(token('from-verify'));
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(machine.getState()).toEqual(signedOut);
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
    expect(machine.getState()).toEqual({ status: 'AuthSuccessful', user, offline: false });
    expect(analytics.calls).toContainEqual({
      type: 'identify',
      userId: user.user_uuid,
      traits: expect.objectContaining({ phone: '+15551234567' }) as unknown,
    });
  });

  it('clears the user and requires auth when the profile answers 401', async () => {
    const { machine, deps, storage } = setup({
      fetchProfile: vi.fn(() => Promise.reject(unauthorized())),
    });
    machine.start();
    machine.acceptToken(token('from-verify'));
    await settle();
    expect(machine.getState()).toEqual(signedOut);
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

describe('without a verdict on the session (API out of reach)', () => {
  it.each([
    ['a network error', networkError],
    ['a 5xx', () => serverError(503)],
    ['a 500', () => serverError(500)],
    ['a timeout', timedOut],
    ['a cancelled request', cancelled],
    ['a 429', () => new ApiError(429, internalErrorBody)],
  ])('%s at start keeps the token and shows offline, not signed out', async (_, failure) => {
    const { machine, deps, storage, analytics } = setup(
      { refreshToken: vi.fn(() => Promise.reject(failure())) },
      'stored',
    );
    machine.start();
    await settle();
    expect(machine.getState()).toEqual({ status: 'Unknown', user: null, offline: true });
    expect(storage.get('_ca')).toBe('stored');
    expect(analytics.calls).toEqual([]);
    expect(deps.fetchProfile).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('a retry that succeeds signs in and goes to the remembered page', async () => {
    const refreshToken = vi
      .fn<AuthDeps['refreshToken']>()
      .mockRejectedValueOnce(networkError())
      .mockResolvedValueOnce(token('refreshed'));
    const { machine, deps, storage, statuses } = setup({ refreshToken }, 'stored');
    machine.start();
    await settle();
    expect(machine.getState().offline).toBe(true);

    machine.retry();
    // Checking again: the offline state gives way at once.
    expect(machine.getState()).toEqual({ status: 'Unknown', user: null, offline: false });
    await settle();
    expect(machine.getState()).toEqual({ status: 'AuthSuccessful', user, offline: false });
    expect(storage.get('_ca')).toBe('refreshed');
    expect(refreshToken).toHaveBeenCalledTimes(2);
    expect(deps.navigate).toHaveBeenCalledWith('/profile?tab=1', { replace: true });
    expect(statuses).toEqual(['Unknown', 'Unknown', 'ValidateAccess', 'AuthSuccessful']);
  });

  it('a retry that fails again stays offline; one the server refuses signs out', async () => {
    const refreshToken = vi
      .fn<AuthDeps['refreshToken']>()
      .mockRejectedValueOnce(networkError())
      .mockRejectedValueOnce(serverError(502))
      .mockRejectedValueOnce(refused());
    const { machine, storage, analytics } = setup({ refreshToken }, 'stored');
    machine.start();
    await settle();
    machine.retry();
    await settle();
    expect(machine.getState()).toEqual({ status: 'Unknown', user: null, offline: true });
    expect(storage.get('_ca')).toBe('stored');

    machine.retry();
    await settle();
    expect(machine.getState()).toEqual(signedOut);
    expect(storage.has('_ca')).toBe(false);
    expect(analytics.calls).toContainEqual({
      type: 'track',
      event: 'logged_out',
      properties: { token_expired: true },
    });
  });

  it('tries again by itself after 5 s, then backs off up to a minute', async () => {
    const refreshToken = vi.fn<AuthDeps['refreshToken']>(() => Promise.reject(networkError()));
    const { machine } = setup({ refreshToken }, 'stored');
    machine.start();
    await settle();
    expect(refreshToken).toHaveBeenCalledTimes(1);

    const expectNextTryAfter = async (ms: number) => {
      const before = refreshToken.mock.calls.length;
      await vi.advanceTimersByTimeAsync(ms - 1);
      expect(refreshToken).toHaveBeenCalledTimes(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(refreshToken).toHaveBeenCalledTimes(before + 1);
    };
    await expectNextTryAfter(5_000);
    await expectNextTryAfter(15_000);
    await expectNextTryAfter(30_000);
    await expectNextTryAfter(60_000);
    await expectNextTryAfter(60_000);
    expect(machine.getState().offline).toBe(true);

    refreshToken.mockResolvedValue(token('refreshed'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(machine.getState()).toEqual({ status: 'AuthSuccessful', user, offline: false });
  });

  it('a profile the API cannot answer (5xx) keeps the token; a retry signs in', async () => {
    const fetchProfile = vi
      .fn<AuthDeps['fetchProfile']>()
      .mockRejectedValueOnce(serverError(500))
      .mockResolvedValueOnce(user);
    const { machine, deps, storage } = setup({ fetchProfile }, 'stored');
    machine.start();
    await settle();
    expect(machine.getState()).toEqual({ status: 'ValidateAccess', user: null, offline: true });
    expect(storage.get('_ca')).toBe('refreshed');

    machine.retry();
    await settle();
    expect(machine.getState()).toEqual({ status: 'AuthSuccessful', user, offline: false });
    // The retry renews the token first: it may have expired while the API was out of reach.
    expect(deps.refreshToken).toHaveBeenCalledTimes(2);
    expect(fetchProfile).toHaveBeenCalledTimes(2);
  });

  it('a refresh failing while signed in keeps the customer signed in and tries again', async () => {
    const refreshToken = vi
      .fn<AuthDeps['refreshToken']>()
      .mockRejectedValueOnce(networkError())
      .mockResolvedValueOnce(token('renewed'));
    const { machine, storage } = setup({ refreshToken });
    machine.start();
    machine.acceptToken(token('from-verify'));
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(machine.getState()).toEqual({ status: 'AuthSuccessful', user, offline: true });
    expect(storage.get('_ca')).toBe('from-verify');

    await vi.advanceTimersByTimeAsync(5_000);
    expect(machine.getState()).toEqual({ status: 'AuthSuccessful', user, offline: false });
    expect(storage.get('_ca')).toBe('renewed');
  });

  it('retry does nothing while online', async () => {
    const { machine, deps } = setup();
    machine.start();
    machine.acceptToken(token('from-verify'));
    await settle();
    machine.retry();
    await settle();
    expect(deps.refreshToken).not.toHaveBeenCalled();
  });

  it('logout while offline signs out and stops the tries', async () => {
    const refreshToken = vi.fn<AuthDeps['refreshToken']>(() => Promise.reject(networkError()));
    const { machine, storage } = setup({ refreshToken }, 'stored');
    machine.start();
    await settle();
    await machine.logout();
    expect(machine.getState()).toEqual(signedOut);
    expect(storage.has('_ca')).toBe(false);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
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
    expect(machine.getState()).toEqual(signedOut);
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
    expect(machine.getState()).toEqual(signedOut);
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
