import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BankLinkCodeRejectedError } from '../src/providers/ports';
import {
  delay,
  sendJson,
  startStubHttpServer,
  type RecordedRequest,
  type StubHttpServer,
} from '../src/providers/testing/stub-http-server';
import { createTinkBankLinking } from '../src/providers/tink-bank-linking';
import { ProviderHttpError } from '../src/providers/vendor-http';

const clientId = 'tink-client-0123456789';
const clientSecret = 'tink-s3cr3t-value';
const code = 'a1b2c3d4e5f6code';
const accessToken = 'user-access-token-xyz';
const redirectUri = 'https://wallet.example.com/redeem/tink';

// Tink's documented answers: the OAuth token, and Data API v2 accounts.
const token = { access_token: accessToken, token_type: 'bearer', expires_in: 7200, scope: 'x' };
const tinkAccount = (
  id: string,
  type: string,
  accountNumber: string,
  routingNumber: string | undefined,
) => ({
  id,
  name: `${type} account`,
  type,
  balances: {
    booked: { amount: { currencyCode: 'USD', value: { scale: '2', unscaledValue: '1' } } },
  },
  identifiers: {
    financialInstitution: {
      accountNumber,
      referenceNumbers: routingNumber ? { routingNumber } : {},
    },
  },
  financialInstitutionId: 'fi-1',
});

let stub: StubHttpServer;
let accountPages: Record<string, unknown>[];
beforeEach(async () => {
  accountPages = [
    {
      accounts: [
        tinkAccount('card', 'CREDIT_CARD', '4111111111111111', undefined),
        tinkAccount('sav', 'SAVINGS', '55501234', '021000021'),
        tinkAccount('chk', 'CHECKING', '5550-9876', '021000021'),
      ],
      nextPageToken: '',
    },
  ];
  stub = await startStubHttpServer((request, response) => tinkAnswer(request, response));
});
afterEach(() => stub.close());

function tinkAnswer(request: RecordedRequest, response: Parameters<typeof sendJson>[0]) {
  const url = new URL(request.path, 'http://stub');
  if (request.method === 'POST' && url.pathname === '/api/v1/oauth/token') {
    return sendJson(response, 200, token);
  }
  if (request.method === 'GET' && url.pathname === '/data/v2/accounts') {
    const page = Number(url.searchParams.get('pageToken') ?? '0');
    return sendJson(response, 200, accountPages[page] ?? { accounts: [] });
  }
  return sendJson(response, 404, { errorMessage: 'not found', errorCode: 'not_found' });
}

const linking = (timeoutMs?: number) =>
  createTinkBankLinking({
    clientId,
    clientSecret,
    redirectUri,
    apiUrl: stub.url,
    linkUrl: 'https://link.tink.example',
    ...(timeoutMs ? { timeoutMs } : {}),
  });

async function exchangeError(timeoutMs?: number): Promise<unknown> {
  return linking(timeoutMs)
    .exchange({ code, state: crypto.randomUUID() })
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
}

function expectNothingSensitive(error: unknown): void {
  const everything = `${String(error)}\n${inspect(error, { depth: 5 })}`;
  for (const secret of [clientSecret, code, accessToken, '55509876', '55501234']) {
    expect(everything).not.toContain(secret);
  }
}

describe('Tink bank linking', () => {
  it('sends the customer to Tink Link with our client, return address, market and state', async () => {
    const state = crypto.randomUUID();
    const { redirectUrl } = await linking().start({ state });
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://link.tink.example/1.0/transactions/connect-accounts',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: clientId,
      redirect_uri: redirectUri,
      market: 'US',
      locale: 'en_US',
      state,
    });
    expect(stub.requests).toHaveLength(0);
  });

  it('exchanges the code for a token, then reads the shared accounts with it', async () => {
    const accounts = await linking().exchange({ code, state: crypto.randomUUID() });

    const [tokenCall, accountsCall] = stub.requests;
    expect(tokenCall?.method).toBe('POST');
    expect(tokenCall?.path).toBe('/api/v1/oauth/token');
    expect(tokenCall?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenCall?.body))).toEqual({
      code,
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: 'authorization_code',
    });
    expect(accountsCall?.method).toBe('GET');
    expect(new URL(accountsCall?.path ?? '', 'http://stub').pathname).toBe('/data/v2/accounts');
    expect(accountsCall?.headers.authorization).toBe(`Bearer ${accessToken}`);
    // The credit card cannot take an ACH credit; separators are dropped from the number.
    expect(accounts).toEqual([
      {
        routingNumber: '021000021',
        accountNumber: '55501234',
        accountType: 'savings',
        bankName: null,
        holderName: null,
      },
      {
        routingNumber: '021000021',
        accountNumber: '55509876',
        accountType: 'checking',
        bankName: null,
        holderName: null,
      },
    ]);
  });

  it('follows nextPageToken across pages', async () => {
    accountPages = [
      { accounts: [tinkAccount('a', 'CHECKING', '11112222', '021000021')], nextPageToken: '1' },
      { accounts: [tinkAccount('b', 'SAVINGS', '33334444', '026009593')], nextPageToken: '' },
    ];
    const accounts = await linking().exchange({ code, state: crypto.randomUUID() });
    expect(accounts.map((a) => a.accountNumber)).toEqual(['11112222', '33334444']);
    expect(
      stub.requests.map((r) => new URL(r.path, 'http://stub').searchParams.get('pageToken')),
    ).toEqual([null, null, '1']);
  });

  it('leaves out accounts without a routing number', async () => {
    accountPages = [{ accounts: [tinkAccount('a', 'CHECKING', '11112222', undefined)] }];
    expect(await linking().exchange({ code, state: crypto.randomUUID() })).toEqual([]);
  });

  it('a refused code (400) is a code rejection, not an outage', async () => {
    stub.respondWith((_request, response) =>
      sendJson(response, 400, {
        errorMessage: `code ${code} not found`,
        errorCode: 'invalid_grant',
      }),
    );
    const error = await exchangeError();
    expect(error).toBeInstanceOf(BankLinkCodeRejectedError);
    expectNothingSensitive(error);
    expect(stub.requests).toHaveLength(1);
  });

  it.each([
    [401, 'refused client credentials'],
    [500, 'a server error'],
    [503, 'an outage'],
  ])('HTTP %i (%s) is a provider failure without secrets', async (status) => {
    stub.respondWith((_request, response) =>
      sendJson(response, status, { errorMessage: `bad ${clientSecret}`, errorCode: 'oops' }),
    );
    const error = await exchangeError();
    expect(error).toBeInstanceOf(ProviderHttpError);
    expect(error).toMatchObject({ provider: 'tink', reason: 'http', status, vendorCode: 'oops' });
    expectNothingSensitive(error);
  });

  it('a failing accounts call is a provider failure', async () => {
    stub.respondWith((request, response) =>
      request.method === 'POST'
        ? sendJson(response, 200, token)
        : sendJson(response, 502, { errorMessage: 'bad gateway' }),
    );
    const error = await exchangeError();
    expect(error).toMatchObject({ reason: 'http', status: 502 });
    expectNothingSensitive(error);
  });

  it('a 2xx that is not a token is an unexpected answer', async () => {
    stub.respondWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>captive portal</html>');
    });
    expect(await exchangeError()).toMatchObject({ reason: 'unexpected-answer' });
  });

  it('gives up after the timeout', async () => {
    stub.respondWith(async (_request, response) => {
      await delay(1_000);
      sendJson(response, 200, token);
    });
    const error = await exchangeError(50);
    expect(error).toMatchObject({ reason: 'timeout' });
    expectNothingSensitive(error);
  });

  it('reports a refused connection as a network failure', async () => {
    await stub.close();
    const error = await exchangeError();
    expect(error).toMatchObject({ reason: 'network' });
    expectNothingSensitive(error);
  });
});
