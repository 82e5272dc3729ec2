import type { AccessTokenResponse } from '@refund/contracts/auth';
import type { Profile } from '@refund/contracts/profile';
import { analyticsPhone, type Analytics } from '../../lib/analytics';
import type { ErrorReporter } from '../../lib/error-reporter';
import type { TokenStore } from './token-store';

/** SPEC §4. The only place that schedules token refreshes or touches the stored token. */
export type AuthStatus = 'Unknown' | 'AuthRequired' | 'ValidateAccess' | 'AuthSuccessful';

export interface AuthState {
  status: AuthStatus;
  user: Profile | null;
}

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface AuthDeps {
  /** POST /users/refresh: the new token, or null when the answer carries none. */
  refreshToken: () => Promise<AccessTokenResponse | null>;
  /** GET /users/profile; rejects unless the answer is OK. */
  fetchProfile: () => Promise<Profile>;
  /** POST /users/logout. */
  logout: () => Promise<void>;
  tokenStore: TokenStore;
  analytics: Analytics;
  errors: ErrorReporter;
  timers: Timers;
  navigate: (to: string, options: { replace: boolean }) => void;
  /** Where to go once signed in (and forget it), or null to stay on the current page. */
  takeReturnPath: () => string | null;
  signInPath: string;
}

export const FIRST_REFRESH_DELAY_MS = 60_000;
export const REFRESH_MARGIN_SECONDS = 10;
/** A token that lives under the margin must not turn refreshing into a busy loop. */
const MIN_REFRESH_DELAY_MS = 1_000;

export interface AuthMachine {
  getState: () => AuthState;
  subscribe: (listener: () => void) => () => void;
  /** Start-up: refresh when a token is stored (or handed in from the address), else sign in. */
  start: (options?: { accessToken?: string | null }) => void;
  /** A token from sign-in verification (or any call that answered one). */
  acceptToken: (response: AccessTokenResponse) => void;
  logout: () => Promise<void>;
  /** Any HTTP 401. */
  handleUnauthorized: () => void;
  getAccessToken: () => string | null;
  storeAccessToken: (token: string) => void;
}

export function createAuthMachine(deps: AuthDeps): AuthMachine {
  let state: AuthState = { status: 'Unknown', user: null };
  const listeners = new Set<() => void>();
  let refreshTimer: unknown = null;
  // Bumped whenever the session ends, so answers to calls made before that are ignored.
  let generation = 0;

  function setState(next: AuthState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function cancelRefresh() {
    if (refreshTimer !== null) deps.timers.clearTimeout(refreshTimer);
    refreshTimer = null;
  }

  function scheduleRefresh(delayMs: number) {
    cancelRefresh();
    refreshTimer = deps.timers.setTimeout(() => {
      refreshTimer = null;
      void refresh();
    }, delayMs);
  }

  function toAuthRequired() {
    generation += 1;
    cancelRefresh();
    deps.tokenStore.remove();
    setState({ status: 'AuthRequired', user: null });
  }

  function toAuthSuccessful(user: Profile) {
    setState({ status: 'AuthSuccessful', user });
    deps.analytics.identify(user.user_uuid, {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone: analyticsPhone(user.phone_number),
    });
    scheduleRefresh(FIRST_REFRESH_DELAY_MS);
    const target = deps.takeReturnPath();
    if (target !== null) deps.navigate(target, { replace: true });
  }

  async function validateAccess() {
    const started = generation;
    setState({ status: 'ValidateAccess', user: null });
    let user: Profile;
    try {
      user = await deps.fetchProfile();
    } catch {
      if (started === generation) toAuthRequired();
      return;
    }
    if (started === generation) toAuthSuccessful(user);
  }

  function acceptToken(response: AccessTokenResponse) {
    deps.tokenStore.set(response.access_token);
    const lifetimeMs = (response.access_token_expiry_in_seconds - REFRESH_MARGIN_SECONDS) * 1000;
    scheduleRefresh(Math.max(MIN_REFRESH_DELAY_MS, lifetimeMs));
    if (state.user === null && state.status !== 'ValidateAccess') void validateAccess();
  }

  async function refresh() {
    const started = generation;
    let response: AccessTokenResponse | null = null;
    try {
      response = await deps.refreshToken();
    } catch {
      response = null;
    }
    if (started !== generation) return;
    if (!response?.access_token) {
      deps.analytics.track('logged_out', { token_expired: true });
      deps.analytics.reset();
      toAuthRequired();
      return;
    }
    acceptToken(response);
  }

  async function logout() {
    cancelRefresh();
    generation += 1;
    try {
      await deps.logout();
    } catch (error) {
      deps.errors.capture(error, { during: 'logout' });
    }
    deps.tokenStore.remove();
    toAuthRequired();
    deps.navigate(deps.signInPath, { replace: true });
    deps.analytics.track('logged_out', { token_expired: false });
    deps.analytics.reset();
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start: (options) => {
      if (options?.accessToken) deps.tokenStore.set(options.accessToken);
      if (deps.tokenStore.get()) void refresh();
      else toAuthRequired();
    },
    acceptToken,
    logout,
    handleUnauthorized: () => deps.tokenStore.remove(),
    getAccessToken: () => deps.tokenStore.get(),
    storeAccessToken: (token) => deps.tokenStore.set(token),
  };
}
