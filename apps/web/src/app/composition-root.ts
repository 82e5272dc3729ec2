import { flushSync } from 'react-dom';
import { paths } from '../config/paths';
import { logout } from '../features/auth/api/logout';
import { refreshToken } from '../features/auth/api/refresh-token';
import { createAuthMachine } from '../features/auth/auth-machine';
import { createReturnPathStore } from '../features/auth/return-path';
import { createTokenStore } from '../features/auth/token-store';
import { profileQueryOptions } from '../features/profile/api/get-profile';
import { createDeferredAnalytics, identifyOncePerBrowser } from '../lib/analytics';
import { connectAnalytics } from '../lib/analytics-events';
import { createFirstPartyAnalytics, documentCookies } from '../lib/analytics-first-party';
import { apiBase } from '../config/env';
import { connectConfiguredAnalytics } from '../lib/configured-analytics';
import { connectApiSession } from '../lib/api-client';
import {
  connectConfiguredReporter,
  createDeferredErrorReporter,
} from '../lib/deferred-error-reporter';
import { firstScreenShown } from '../lib/first-screen';
import { appConfigQueryOptions } from '../lib/get-app-config';
import { createQueryClient } from '../lib/query-client';
import { sessionIndependentKeys } from '../lib/query-keys';
import { browserStorage } from './browser-storage';
import { methodScreens } from '../lib/methods/method-registry';
import { methodRegistry } from './methods/method-registry';
import { createNavigation } from './navigation';

/** The app's single instances, wired together once: the composition root. */

export const queryClient = createQueryClient();

/** `load`, once the first screen is on the page (see first-screen.ts). */
function afterFirstScreen<T>(load: () => Promise<T>): () => Promise<T> {
  return () => firstScreenShown.then(load);
}

/** The session's access token, kept in local storage; the auth machine below keeps it. */
const tokenStore = createTokenStore(browserStorage('localStorage'));

/** Held until the app configuration names the adapter; identify runs once per browser and customer. */
const deferredAnalytics = createDeferredAnalytics({
  storage: () => browserStorage('sessionStorage'),
  onPageHide: (keep) => window.addEventListener('pagehide', keep),
});
export const analytics = identifyOncePerBrowser(deferredAnalytics, {
  local: () => browserStorage('localStorage'),
  session: () => browserStorage('sessionStorage'),
});
connectAnalytics(analytics);
void connectConfiguredAnalytics(deferredAnalytics, {
  loadConfig: afterFirstScreen(() => queryClient.fetchQuery(appConfigQueryOptions())),
  firstParty: () =>
    createFirstPartyAnalytics({
      endpoint: `${apiBase}/analytics/events`,
      // The token store itself: the adapter may be made before the auth machine below.
      getToken: () => tokenStore.get(),
      fetch: (input, init) => window.fetch(input, init),
      cookies: documentCookies(),
      local: () => browserStorage('localStorage'),
      timers: {
        setTimeout: (callback, ms) => window.setTimeout(callback, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      },
      onPageHide: (flushNow) => window.addEventListener('pagehide', flushNow),
    }),
  storage: () => browserStorage('localStorage'),
});
/** Held until the app configuration says where errors go: Sentry with a DSN, else nowhere. */
export const errorReporter = createDeferredErrorReporter();
void connectConfiguredReporter(
  errorReporter,
  afterFirstScreen(() => queryClient.fetchQuery(appConfigQueryOptions())),
);
export const navigation = createNavigation();
// The redemption methods' own screens are pages to return to as well.
export const returnPaths = createReturnPathStore(
  browserStorage('sessionStorage'),
  methodScreens(methodRegistry).map((screen) => screen.path),
);

export const authMachine = createAuthMachine({
  refreshToken,
  // Through the query cache, so the profile screens start from the answer loaded here.
  fetchProfile: () => queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 }),
  logout,
  tokenStore,
  analytics,
  errors: errorReporter,
  timers: {
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  },
  // The machine changes status and then navigates; flushing makes both land in one render, so
  // no guard ever sees the new status on the old page (e.g. signed out while still on /profile).
  navigate: (to, options) => flushSync(() => navigation.navigate(to, options)),
  takeReturnPath: () => returnPaths.take(window.location.pathname),
  signInPath: paths.auth.href(),
});

connectApiSession({
  getToken: authMachine.getAccessToken,
  storeToken: authMachine.storeAccessToken,
  onUnauthorized: authMachine.handleUnauthorized,
});

// The connection is back: check the session now rather than at the next automatic try.
window.addEventListener('online', () => authMachine.retry());

// One customer's data must never be shown to the next one signing in on this browser.
authMachine.subscribe(() => {
  if (authMachine.getState().status !== 'AuthRequired') return;
  queryClient.removeQueries({
    predicate: (query) => !sessionIndependentKeys.includes(String(query.queryKey[0])),
  });
});
