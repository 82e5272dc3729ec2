import { API_PATH } from '../config/api-base-url';

type Send = (
  method: string,
  url: string,
  headers: Record<string, string>,
  followUp?: (answer: Response) => Promise<void>,
) => void;

export interface EarlyRequestDeps {
  /** The address the app was opened with. */
  location: { pathname: string; search: string };
  /** The access token stored by an earlier visit, if any. */
  storedToken: string | null;
  /** This browser's own id (lib/device-id.ts), which the free play is asked for with. */
  deviceId: () => string;
  /** lib/early-answers.ts's sendEarly. */
  send: Send;
}

/** Home's own calls besides the profile: the balance and what lays out the page around it. */
const HOME_CALLS = [
  '/wallet/balance',
  '/refunds/unclaimed',
  '/redemption-methods',
  '/spotlight',
] as const;
const FREE_PLAY_CALL = '/promotions/free-play';

const CLAIM_PATH = /^\/claim\/([^/]+)\/?$/;

function claimRefundId(pathname: string): string | null {
  const segment = CLAIM_PATH.exec(pathname)?.[1];
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The calls the first screen makes, sent by the entry script as soon as it runs, while the app's
 * code still downloads: the configuration; the claim a claim link opens; and with a stored token
 * (SPEC §4: start-up refreshes it) the refresh, then with the new token the profile and, on home,
 * home's own calls side by side. The app's API client takes the answers over when it makes the
 * same calls (lib/early-answers.ts), so each is made once. A call the app would make differently
 * (other headers, another token) is simply made again by the app.
 *
 * Only where the API is this origin's /v1, as the build says (config/env.ts); a build for an API
 * elsewhere leaves every call to the app.
 */
export function sendEarlyRequests({ location, storedToken, deviceId, send }: EarlyRequestDeps) {
  if (import.meta.env.VITE_API_BASE_URL !== undefined || import.meta.env.VITE_API_FROM_HOST) return;
  const plain = { Accept: 'application/json' };
  const bearer = (token: string) => ({ ...plain, Authorization: `Bearer ${token}` });

  // The app loads it before it looks at the session, so without a token.
  send('GET', `${API_PATH}/app-config`, plain);

  // A token in the address is the one the app starts from (features/auth/launch-url.ts).
  const token = new URLSearchParams(location.search).get('access_token') || storedToken;
  const refundId = claimRefundId(location.pathname);
  if (refundId !== null) {
    const url = `${API_PATH}/customers/claim-refund/${encodeURIComponent(refundId)}`;
    send('GET', url, token ? bearer(token) : plain);
  }
  if (!token) return;

  send('POST', `${API_PATH}/users/refresh`, bearer(token), async (answer) => {
    if (!answer.ok) return;
    const fresh = ((await answer.json()) as { access_token?: unknown } | null)?.access_token;
    if (typeof fresh !== 'string' || fresh === '') return;
    send('GET', `${API_PATH}/users/profile`, bearer(fresh));
    if (location.pathname !== '/') return;
    for (const call of HOME_CALLS) send('GET', `${API_PATH}${call}`, bearer(fresh));
    send('GET', `${API_PATH}${FREE_PLAY_CALL}`, { ...bearer(fresh), 'X-Device-Id': deviceId() });
  });
}
