import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFanaticsFanCash } from './fanatics-fancash';
import {
  FANATICS_STUB_REDIRECT_URI,
  startFanaticsStub,
  type FanaticsStub,
} from './testing/fanatics-stub';
import { delay, sendJson } from './testing/stub-http-server';
import { ProviderHttpError } from './vendor-http';

const REFUSED_CENTS = 6_66;
let stub: FanaticsStub;
beforeAll(async () => {
  stub = await startFanaticsStub({ rejectAmountCents: REFUSED_CENTS });
  stub.fans.set('FAN-1', 'Alex M.');
});
afterAll(() => stub.close());
afterEach(() => {
  stub.respondWith(stub.respond);
  stub.postCreditsAfter(0);
});

const program = (overrides: { clientSecret?: string; timeoutMs?: number } = {}) =>
  createFanaticsFanCash({
    clientId: stub.clientId,
    clientSecret: overrides.clientSecret ?? stub.clientSecret,
    apiBaseUrl: `${stub.url}/`,
    authBaseUrl: stub.url,
    timeoutMs: overrides.timeoutMs ?? 2_000,
  });
const credit = (amountCents = 2_500, fanId = 'FAN-1') => ({
  externalReferenceId: randomUUID(),
  fanId,
  amountCents,
});
/** The requests a test made from `from` on, by kind. */
const since = (from: number) => {
  const requests = stub.requests.slice(from);
  return {
    serverTokens: requests.filter((r) => r.body.includes('grant_type=client_credentials')),
    earns: requests.filter((r) => r.method === 'POST' && r.path === '/loyalty/v1/earn'),
    lookups: requests.filter((r) => r.method === 'GET' && r.path.startsWith('/loyalty/v1/earn?')),
  };
};
const caught = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);
/** Everything an error would show in a log: its message, stack and fields. */
const logged = (error: unknown) =>
  error instanceof Error
    ? `${error.message} ${error.stack ?? ''} ${JSON.stringify({ ...error })}`
    : String(error);

describe('FanCash through the merchant loyalty API, against a local stand-in of it', () => {
  it('sends the fan to the merchant sign-in with our client, the scope and the state', () => {
    const url = new URL(
      program().authorizeUrl({ state: 's t&1', redirectUri: FANATICS_STUB_REDIRECT_URI }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${stub.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: stub.clientId,
      redirect_uri: FANATICS_STUB_REDIRECT_URI,
      scope: 'loyalty:earn',
      state: 's t&1',
    });
  });

  it('exchanges a code once for the fan, keeping no token; a used or unknown code throws', async () => {
    const code = stub.issueCode('FAN-LINK-1', 'Jordan T.');
    const from = stub.requests.length;
    const link = await program().completeLink({ code, redirectUri: FANATICS_STUB_REDIRECT_URI });
    expect(link).toEqual({ fanId: 'FAN-LINK-1', displayName: 'Jordan T.' });
    expect(JSON.stringify(link)).not.toContain(stub.tokensIssued.at(-1) ?? 'missing');
    const sent = stub.requests[from];
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: FANATICS_STUB_REDIRECT_URI,
      client_id: stub.clientId,
      client_secret: stub.clientSecret,
    });

    for (const bad of [code, 'fc_code_unknown']) {
      const error = await caught(
        program().completeLink({ code: bad, redirectUri: FANATICS_STUB_REDIRECT_URI }),
      );
      expect(error).toBeInstanceOf(ProviderHttpError);
      expect(error).toMatchObject({ status: 400, vendorCode: 'invalid_grant' });
      expect(logged(error)).not.toContain(bad);
    }
    // A code is bound to the return address it was issued for.
    const other = stub.issueCode('FAN-LINK-2', 'Sam R.');
    await expect(
      program().completeLink({ code: other, redirectUri: 'http://elsewhere.example/cb' }),
    ).rejects.toMatchObject({ vendorCode: 'invalid_grant' });
  });

  it('credits a fan: the earn request as documented, posted at once', async () => {
    const from = stub.requests.length;
    const input = credit(2_550);
    const result = await program().credit(input);
    const made = stub.credits.get(input.externalReferenceId);
    expect(result).toEqual({ status: 'credited', creditId: made?.id });
    const [sent] = since(from).earns;
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      fan_id: 'FAN-1',
      amount: { value: 2_550, currency: 'USD' },
      external_reference_id: input.externalReferenceId,
      reason: 'refund_redemption',
    });
    expect(await program().lookupCredit(input.externalReferenceId)).toEqual(result);
    expect(await program().lookupCredit(randomUUID())).toEqual({ status: 'not_found' });
  });

  it('answers pending, then the lookup finds it posted, or rejected', async () => {
    stub.postCreditsAfter(150);
    const input = credit();
    expect(await program().credit(input)).toEqual({ status: 'pending' });
    expect(await program().lookupCredit(input.externalReferenceId)).toEqual({ status: 'pending' });
    await delay(200);
    expect(await program().lookupCredit(input.externalReferenceId)).toEqual({
      status: 'credited',
      creditId: stub.credits.get(input.externalReferenceId)?.id,
    });

    const closed = credit();
    expect(await program().credit(closed)).toEqual({ status: 'pending' });
    stub.reject(closed.externalReferenceId, 'fan_account_closed');
    expect(await program().lookupCredit(closed.externalReferenceId)).toEqual({
      status: 'failed',
      reason: 'fan_account_closed',
    });
  });

  it('answers a duplicate reference with the credit the lookup finds, never a second one', async () => {
    stub.postCreditsAfter(60_000);
    const input = credit(1_000);
    expect(await program().credit(input)).toEqual({ status: 'pending' });
    const first = stub.credits.get(input.externalReferenceId);
    stub.postCreditsAfter(0);

    const from = stub.requests.length;
    expect(await program().credit(input)).toEqual({ status: 'pending' });
    expect(since(from).lookups).toHaveLength(1);
    expect(stub.credits.get(input.externalReferenceId)).toBe(first);

    if (first) first.postAfterMs = 0;
    expect(await program().credit({ ...input, amountCents: 9_999 })).toEqual({
      status: 'credited',
      creditId: first?.id,
    });

    // A 409 the lookup cannot back up is not taken as a credit.
    stub.respondWith((request, response) =>
      request.method === 'POST' && request.path === '/loyalty/v1/earn'
        ? sendJson(response, 409, { error: { code: 'duplicate_external_reference_id' } })
        : stub.respond(request, response),
    );
    await expect(program().credit(credit())).rejects.toMatchObject({
      reason: 'unexpected-answer',
      status: 409,
    });
  });

  it('fails a refused amount or an unknown fan with the merchant code, making nothing', async () => {
    const refused = credit(REFUSED_CENTS);
    expect(await program().credit(refused)).toEqual({
      status: 'failed',
      reason: 'amount_not_allowed',
    });
    expect(await program().lookupCredit(refused.externalReferenceId)).toEqual({
      status: 'not_found',
    });
    expect(await program().credit(credit(1_000, 'FAN-NOBODY'))).toEqual({
      status: 'failed',
      reason: 'fan_not_found',
    });
  });

  it('throws on an outage, a rate limit, a 4xx without its error, a timeout, or no server', async () => {
    for (const [status, body] of [
      [500, { error: { code: 'internal' } }],
      [503, {}],
      [429, { error: { code: 'rate_limited' } }],
      [404, '<html>not here</html>'],
    ] as const) {
      stub.respondWith((request, response) =>
        request.path.startsWith('/loyalty/')
          ? sendJson(response, status, body)
          : stub.respond(request, response),
      );
      const error = await caught(program().credit(credit()));
      expect(error).toBeInstanceOf(ProviderHttpError);
      expect(error).toMatchObject({ reason: 'http', status });
    }

    stub.respondWith(async (request, response) => {
      if (request.path.startsWith('/loyalty/')) await delay(500);
      stub.respond(request, response);
    });
    await expect(program({ timeoutMs: 200 }).credit(credit())).rejects.toMatchObject({
      reason: 'timeout',
    });
    const down = createFanaticsFanCash({
      clientId: stub.clientId,
      clientSecret: stub.clientSecret,
      apiBaseUrl: 'http://127.0.0.1:9',
      authBaseUrl: 'http://127.0.0.1:9',
      timeoutMs: 500,
    });
    await expect(down.credit(credit())).rejects.toMatchObject({ reason: 'network' });
    await expect(down.lookupCredit(randomUUID())).rejects.toMatchObject({ reason: 'network' });
    await expect(program().credit(credit(12.5))).rejects.toBeInstanceOf(RangeError);
  });

  it('reuses the client token across calls, and fetches a new one once on a 401', async () => {
    const fancash = program();
    const from = stub.requests.length;
    await Promise.all([fancash.credit(credit()), fancash.credit(credit())]);
    await fancash.lookupCredit(randomUUID());
    expect(since(from).serverTokens).toHaveLength(1);
    const [tokenRequest] = since(from).serverTokens;
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toMatchObject({
      grant_type: 'client_credentials',
      scope: 'loyalty:earn',
      client_id: stub.clientId,
    });

    stub.revokeTokens();
    const input = credit();
    expect(await fancash.credit(input)).toMatchObject({ status: 'credited' });
    expect(since(from).serverTokens).toHaveLength(2);
    expect(stub.credits.get(input.externalReferenceId)).toBeDefined();
    const [, retried] = since(from).earns.slice(-2);
    expect(retried?.headers.authorization).toBe(`Bearer ${stub.tokensIssued.at(-1)}`);
    await fancash.lookupCredit(randomUUID());
    expect(since(from).serverTokens).toHaveLength(2);

    // A token still refused after renewal is an error, not a failed credit; nothing looped.
    stub.respondWith((request, response) =>
      request.path.startsWith('/loyalty/')
        ? sendJson(response, 401, { error: { code: 'invalid_token' } })
        : stub.respond(request, response),
    );
    const before = stub.requests.length;
    await expect(fancash.credit(credit())).rejects.toMatchObject({ status: 401 });
    expect(since(before).earns).toHaveLength(2);
  });

  it('renews the client token shortly before it expires', async () => {
    const shortLived = await startFanaticsStub({ tokenTtlSeconds: 1 });
    try {
      shortLived.fans.set('FAN-1', 'Alex M.');
      const fancash = createFanaticsFanCash({
        clientId: shortLived.clientId,
        clientSecret: shortLived.clientSecret,
        apiBaseUrl: shortLived.url,
        authBaseUrl: shortLived.url,
      });
      await fancash.lookupCredit(randomUUID());
      await fancash.lookupCredit(randomUUID());
      await delay(600);
      await fancash.lookupCredit(randomUUID());
      expect(shortLived.tokensIssued).toHaveLength(2);
    } finally {
      await shortLived.close();
    }
  });

  it('never puts the secret, a token or a code in an error, even when the merchant echoes them', async () => {
    const fancash = program();
    await fancash.credit(credit());
    const echo = (request: { headers: object; body: string }) => ({
      error: { code: 'server_error', message: JSON.stringify(request) },
    });
    stub.respondWith((request, response) => sendJson(response, 500, echo(request)));
    const errors = [
      await caught(fancash.credit(credit())),
      await caught(fancash.lookupCredit(randomUUID())),
      await caught(program().credit(credit())),
      await caught(
        program().completeLink({ code: 'fc_code_secret', redirectUri: FANATICS_STUB_REDIRECT_URI }),
      ),
      await caught(program({ clientSecret: 'fc_secret_wrong' }).credit(credit())),
    ];
    stub.respondWith(stub.respond);
    errors.push(await caught(program({ clientSecret: 'fc_secret_wrong' }).credit(credit())));
    for (const error of errors) {
      expect(error).toBeInstanceOf(ProviderHttpError);
      const text = logged(error);
      for (const secret of [
        stub.clientSecret,
        'fc_secret_wrong',
        'fc_code_secret',
        'FAN-1',
        ...stub.tokensIssued,
      ]) {
        expect(text).not.toContain(secret);
      }
    }
    expect(errors.at(-1)).toMatchObject({ status: 401, vendorCode: 'invalid_client' });
  });
});
