import type { AccessTokenResponse } from '@refund/contracts/auth';
import type { Profile } from '@refund/contracts/profile';
import { analyticsPhone, type Analytics } from '../../lib/analytics';
import type { ErrorReporter } from '../../lib/error-reporter';
import { endsSession } from './session-verdict';
import type { TokenStore } from './token-store';

/** SPEC §4. The only place that schedules token refreshes or touches the stored token. */
export type AuthStatus = 'Unknown' | 'AuthRequired' | 'ValidateAccess' | 'AuthSuccessful';

export interface AuthState {
  status: AuthStatus;
  user: Profile | null;
  /**
   * The last session call got no verdict (network error, timeout, cancelled request, 5xx). The
   * token and the status are kept, and the call is tried again: by retry(), or by itself.
   */
  offline: boolean;
}

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface AuthDeps {
  /**
   * POST /users/refresh: the new token, or null when the answer carries none. Rejects with an
   * ApiError when the server refuses; any other rejection reads as "could not reach it".
   */
  refreshToken: () => Promise<AccessTokenResponse | null>;
  /** GET /users/profile; rejects unless the answer is OK (see refreshToken on rejections). */
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
/** While the API cannot be reached, the session is checked again after these delays, then every minute. */
export const OFFLINE_RETRY_DELAYS_MS: readonly number[] = [5_000, 15_000, 30_000];
const OFFLINE_MAX_RETRY_DELAY_MS = 60_000;

export interface AuthMachine {
  getState: () => AuthState;
  subscribe: (listener: () => void) => () => void;
  /** Start-up: refresh when a token is stored (or handed in from the address), else sign in. */
  start: (options?: { accessToken?: string | null }) => void;
  /** A token from sign-in verification (or any call that answered one). */
  acceptToken: (response: AccessTokenResponse) => void;
  /** Signs out and goes to sign-in, or to `to` (the confirmation of a closed account). */
  logout: (to?: string) => Promise<void>;
  /** Any HTTP 401. */
  handleUnauthorized: () => void;
  /** While offline: check the session again now instead of waiting for the next automatic try. */
  retry: () => void;
  getAccessToken: () => string | null;
  storeAccessToken: (token: string) => void;
}

export function createAuthMachine(deps: AuthDeps): AuthMachine {
  let state: AuthState = { status: 'Unknown', user: null, offline: false };
  const listeners = new Set<() => void>();
  // One timer: the next refresh, or while offline the next try.
  let refreshTimer: unknown = null;
  // Bumped whenever the session ends, so answers to calls made before that are ignored.
  let generation = 0;
  let validating = false;
  let offlineTries = 0;

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
    validating = false;
    offlineTries = 0;
    cancelRefresh();
    deps.tokenStore.remove();
    setState({ status: 'AuthRequired', user: null, offline: false });
  }

  /**
   * No verdict on the session: keep the token, the status and the user, say so, and try again
   * later. The try is always a refresh: it needs only the cookie, so it works even when the
   * access token expired while the API was out of reach.
   */
  function toOffline() {
    const delay = OFFLINE_RETRY_DELAYS_MS[offlineTries] ?? OFFLINE_MAX_RETRY_DELAY_MS;
    offlineTries += 1;
    scheduleRefresh(delay);
    if (!state.offline) setState({ ...state, offline: true });
  }

  function backOnline() {
    offlineTries = 0;
    if (state.offline) setState({ ...state, offline: false });
  }

  function toAuthSuccessful(user: Profile) {
    offlineTries = 0;
    setState({ status: 'AuthSuccessful', user, offline: false });
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
    validating = true;
    setState({ status: 'ValidateAccess', user: null, offline: false });
    let user: Profile;
    try {
      user = await deps.fetchProfile();
    } catch (error) {
      if (started !== generation) return;
      validating = false;
      if (endsSession(error)) toAuthRequired();
      else toOffline();
      return;
    }
    if (started !== generation) return;
    validating = false;
    toAuthSuccessful(user);
  }

  function acceptToken(response: AccessTokenResponse) {
    deps.tokenStore.set(response.access_token);
    const lifetimeMs = (response.access_token_expiry_in_seconds - REFRESH_MARGIN_SECONDS) * 1000;
    scheduleRefresh(Math.max(MIN_REFRESH_DELAY_MS, lifetimeMs));
    if (state.user === null && !validating) void validateAccess();
  }

  async function refresh() {
    const started = generation;
    let response: AccessTokenResponse | null;
    try {
      response = await deps.refreshToken();
    } catch (error) {
      if (started !== generation) return;
      if (!endsSession(error)) {
        toOffline();
        return;
      }
      response = null;
    }
    if (started !== generation) return;
    if (!response?.access_token) {
      deps.analytics.track('logged_out', { token_expired: true });
      deps.analytics.reset();
      toAuthRequired();
      return;
    }
    backOnline();
    acceptToken(response);
  }

  async function logout(to: string = deps.signInPath) {
    cancelRefresh();
    generation += 1;
    try {
      await deps.logout();
    } catch (error) {
      deps.errors.capture(error, { during: 'logout' });
    }
    deps.tokenStore.remove();
    toAuthRequired();
    deps.navigate(to, { replace: true });
    deps.analytics.track('logged_out', { token_expired: false });
    deps.analytics.reset();
  }

  function retry() {
    if (!state.offline) return;
    cancelRefresh();
    // Back to "checking" while the try runs; it ends online, offline again, or signed out.
    setState({ ...state, offline: false });
    void refresh();
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
    retry,
    getAccessToken: () => deps.tokenStore.get(),
    storeAccessToken: (token) => deps.tokenStore.set(token),
  };
}
