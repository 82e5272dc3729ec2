import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshToken } from '../features/auth/api/refresh-token';
import { getClaimPage } from '../features/claim/api/get-claim-page';
import { getUnclaimedRefunds } from '../features/claim/api/get-unclaimed-refunds';
import { getProfile } from '../features/profile/api/get-profile';
import { getFreePlay } from '../features/promotions/api/get-free-play';
import { getSpotlight } from '../features/spotlight/api/get-spotlight';
import { getRedemptionMethods } from '../features/wallet/api/get-redemption-methods';
import { getWalletBalance } from '../features/wallet/api/get-wallet-balance';
import { connectApiSession } from '../lib/api-client';
import { deviceId } from '../lib/device-id';
import { getAppConfig } from '../lib/get-app-config';
import { sendEarlyRequests } from './early-requests';

interface Call {
  method: string;
  url: string;
  headers: string;
}

const headerList = (headers: HeadersInit | undefined) =>
  [...new Headers(headers)].map(([name, value]) => `${name}: ${value}`).join('\n');

const REFUND = '5b1e0a57-1c1f-4b6a-9d8e-3f2a1b0c9d8e';

/** The plan's requests for an address, the refresh (if any) answering `fresh`. */
async function planned(pathname: string, storedToken: string | null, search = '') {
  const calls: Call[] = [];
  const followUps: Promise<void>[] = [];
  sendEarlyRequests({
    location: { pathname, search },
    storedToken,
    deviceId,
    send: (method, url, headers, followUp) => {
      calls.push({ method, url, headers: headerList(headers) });
      const answer = new Response(
        JSON.stringify({ access_token: 'fresh', access_token_expiry_in_seconds: 900 }),
      );
      if (followUp) followUps.push(followUp(answer));
    },
  });
  await Promise.all(followUps);
  return calls;
}

afterEach(() => {
  vi.unstubAllEnvs();
  connectApiSession({
    getToken: () => null,
    storeToken: () => undefined,
    onUnauthorized: () => undefined,
  });
});

describe('the requests the entry script sends ahead of the app', () => {
  it('on sign-in, only the configuration', async () => {
    expect(await planned('/auth', null)).toEqual([
      { method: 'GET', url: '/v1/app-config', headers: 'accept: application/json' },
    ]);
  });

  it('on a claim link, the claim too, with the stored token if there is one', async () => {
    expect((await planned(`/claim/${REFUND}`, null))[1]).toEqual({
      method: 'GET',
      url: `/v1/customers/claim-refund/${REFUND}`,
      headers: 'accept: application/json',
    });
    const signedIn = await planned(`/claim/${REFUND}`, 'stored');
    expect(signedIn.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /v1/app-config',
      `GET /v1/customers/claim-refund/${REFUND}`,
      'POST /v1/users/refresh',
      'GET /v1/users/profile',
    ]);
    expect(signedIn[1]?.headers).toContain('authorization: Bearer stored');
  });

  it("on home with a stored token, the refresh, then with the new token the profile and home's calls", async () => {
    const calls = await planned('/', 'stored');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /v1/app-config',
      'POST /v1/users/refresh',
      'GET /v1/users/profile',
      'GET /v1/wallet/balance',
      'GET /v1/refunds/unclaimed',
      'GET /v1/redemption-methods',
      'GET /v1/spotlight',
      'GET /v1/promotions/free-play',
    ]);
    expect(calls[1]?.headers).toContain('authorization: Bearer stored');
    for (const call of calls.slice(2))
      expect(call.headers).toContain('authorization: Bearer fresh');
  });

  it('starts from a token handed in through the address', async () => {
    const calls = await planned('/', 'stored', '?access_token=handed');
    expect(calls[1]?.headers).toContain('authorization: Bearer handed');
  });

  it('sends nothing when the build puts the API elsewhere', async () => {
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.example.com/v1');
    expect(await planned('/', 'stored')).toEqual([]);
  });

  it('are the very requests the app makes, so the app takes their answers over', async () => {
    const made: Call[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        made.push({ method: init.method ?? 'GET', url, headers: headerList(init.headers) });
        return Promise.resolve(new Response('{}', { status: 500 }));
      }),
    );
    let token: string | null = null;
    connectApiSession({
      getToken: () => token,
      storeToken: () => undefined,
      onUnauthorized: () => undefined,
    });
    const ignore = () => undefined;
    // The app's own order: the configuration before the session, the refresh with the stored
    // token, the rest with the new one.
    await getAppConfig().catch(ignore);
    token = 'stored';
    await refreshToken().catch(ignore);
    await getClaimPage(REFUND).catch(ignore);
    token = 'fresh';
    for (const call of [
      getProfile,
      getWalletBalance,
      getUnclaimedRefunds,
      getRedemptionMethods,
      getSpotlight,
      getFreePlay,
    ]) {
      await call().catch(ignore);
    }
    const plannedCalls = [
      ...(await planned('/', 'stored')),
      ...(await planned(`/claim/${REFUND}`, 'stored')),
    ];
    for (const call of plannedCalls) expect(made).toContainEqual(call);
  });
});
