import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankLinkSessions, sandboxBankLinkCodes } from '../src/db/schema';
import {
  sendJson,
  startStubHttpServer,
  type StubHttpServer,
} from '../src/providers/testing/stub-http-server';
import {
  exchange,
  linkThroughSandbox,
  listBankAccounts,
  openLinkPage,
  startLinkSession,
  submitForm,
} from './support/bank-fixtures';
import { signUpNewPerson } from './support/people';
import { expectLedgerBalanced } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://wallet.example.test' });
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

describe('linking through the sandbox hosted page', () => {
  it('a person picks a test account, comes back with a code, and the account is linked', async () => {
    const person = await signUpNewPerson(server.app);
    const session = await startLinkSession(server.app, person.accessToken);
    const target = new URL(session.redirect_url);
    expect(`${target.origin}${target.pathname}`).toBe(
      'https://wallet.example.test/v1/sandbox/bank-link',
    );
    expect(target.searchParams.get('session')).toBe(session.session_id);
    expect(server.app.hasRoute({ method: 'GET', url: '/v1/sandbox/bank-link' })).toBe(true);

    const { page, form } = await openLinkPage(server.app, session.redirect_url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toMatch(/<h1>Connect your bank<\/h1>/);
    expect(page.body).toContain('<legend>Sandbox National Bank</legend>');
    if (!form) throw new Error('no form');
    expect(form.method).toBe('POST');
    expect(form.action).toBe('/v1/sandbox/bank-link');
    // Every choice has a visible label; Cancel works without choosing.
    expect(form.radios.length).toBeGreaterThan(3);
    expect(form.radios.every((r) => r.label.length > 0 && r.required)).toBe(true);
    expect(form.buttons.map((b) => b.text)).toEqual(['Continue', 'Cancel']);
    expect(form.buttons.find((b) => b.text === 'Cancel')?.formnovalidate).toBe(true);
    const choice = form.radios.find((r) => r.label.startsWith('Everyday Checking'));
    expect(choice?.label).toContain('ending 6789');

    const submitted = await submitForm(server.app, form, 'Continue', choice?.value);
    expect(submitted.statusCode).toBe(303);
    const back = new URL(String(submitted.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe('https://wallet.example.test/redeem/tink');
    expect(back.searchParams.get('state')).toBe(session.session_id);
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();

    const linked = await exchange(server.app, person.accessToken, {
      code,
      state: session.session_id,
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toEqual({
      bank_account_uuid: expect.any(String),
      bank_name: 'Sandbox National Bank',
      account_type: 'checking',
      last4: '6789',
      source: 'linked',
      created_at: expect.any(String),
    });
    expect(await listBankAccounts(server.app, person.accessToken)).toEqual([linked.json()]);
    expect(linked.body).not.toContain('000123456789');
    expect(server.logLines.join('\n')).not.toContain('000123456789');
    expect(server.logLines.join('\n')).not.toContain(String(code));
  });

  it('links a savings account at another test bank', async () => {
    const person = await signUpNewPerson(server.app);
    const { code, state } = await linkThroughSandbox(
      server.app,
      person.accessToken,
      'sandbox-community/savings',
    );
    const linked = await exchange(server.app, person.accessToken, { code, state });
    expect(linked.json()).toMatchObject({
      bank_name: 'Sandbox Community Credit Union',
      account_type: 'savings',
      last4: '3210',
    });
  });

  it('Cancel sends the person to /bank-failure with the state, and nothing is linked', async () => {
    const person = await signUpNewPerson(server.app);
    const session = await startLinkSession(server.app, person.accessToken);
    const { form } = await openLinkPage(server.app, session.redirect_url);
    if (!form) throw new Error('no form');

    const cancelled = await submitForm(server.app, form, 'Cancel');
    expect(cancelled.statusCode).toBe(303);
    const back = new URL(String(cancelled.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe('https://wallet.example.test/bank-failure');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      reason: 'cancelled',
      state: session.session_id,
    });
    const guessed = await exchange(server.app, person.accessToken, {
      code: 'sbx_guessed',
      state: session.session_id,
    });
    expect(guessed.statusCode).toBe(400);
    expect(await listBankAccounts(server.app, person.accessToken)).toEqual([]);
  });

  it('Continue without choosing an account shows the page again with an alert', async () => {
    const person = await signUpNewPerson(server.app);
    const session = await startLinkSession(server.app, person.accessToken);
    const { form } = await openLinkPage(server.app, session.redirect_url);
    if (!form) throw new Error('no form');
    const response = await submitForm(server.app, form, 'Continue');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(
      '<p role="alert" class="error">Choose an account to continue.</p>',
    );
  });

  it('the page refuses a missing or malformed session', async () => {
    const missing = await call(server.app, 'GET', '/v1/sandbox/bank-link');
    expect(missing.statusCode).toBe(400);
    const malformed = await call(server.app, 'GET', '/v1/sandbox/bank-link?session=<script>');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain('<script>');
  });
});

describe('codes are single use, bound to the session and its owner, and expire', () => {
  it('a code used once is refused the second time; nothing more is stored', async () => {
    const person = await signUpNewPerson(server.app);
    const { code, state } = await linkThroughSandbox(server.app, person.accessToken);
    expect((await exchange(server.app, person.accessToken, { code, state })).statusCode).toBe(201);

    const replay = await exchange(server.app, person.accessToken, { code, state });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 7001, code_description: 'BANK_LINK_INVALID' });
    expect(await listBankAccounts(server.app, person.accessToken)).toHaveLength(1);
  });

  it("another person's code is refused, and the owner can still use it", async () => {
    const owner = await signUpNewPerson(server.app);
    const thief = await signUpNewPerson(server.app);
    const { code, state } = await linkThroughSandbox(server.app, owner.accessToken);

    const withOwnersState = await exchange(server.app, thief.accessToken, { code, state });
    expect(withOwnersState.statusCode).toBe(400);
    const thiefSession = await startLinkSession(server.app, thief.accessToken);
    const withOwnState = await exchange(server.app, thief.accessToken, {
      code,
      state: thiefSession.session_id,
    });
    expect(withOwnState.statusCode).toBe(400);
    expect(await listBankAccounts(server.app, thief.accessToken)).toEqual([]);

    const owners = await exchange(server.app, owner.accessToken, { code, state });
    expect(owners.statusCode).toBe(201);
  });

  it('an unknown code or session is refused', async () => {
    const person = await signUpNewPerson(server.app);
    const session = await startLinkSession(server.app, person.accessToken);
    const unknownCode = await exchange(server.app, person.accessToken, {
      code: 'sbx_not-a-code',
      state: session.session_id,
    });
    expect(unknownCode.statusCode).toBe(400);
    const unknownSession = await exchange(server.app, person.accessToken, {
      code: 'sbx_not-a-code',
      state: crypto.randomUUID(),
    });
    expect(unknownSession.statusCode).toBe(400);
    const malformed = await exchange(server.app, person.accessToken, { code: '', state: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(await listBankAccounts(server.app, person.accessToken)).toEqual([]);
  });

  it('a session older than ten minutes is refused', async () => {
    const person = await signUpNewPerson(server.app);
    const { code, state } = await linkThroughSandbox(server.app, person.accessToken);
    await server.database.db
      .update(bankLinkSessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(bankLinkSessions.id, state));
    const response = await exchange(server.app, person.accessToken, { code, state });
    expect(response.statusCode).toBe(400);
    expect(await listBankAccounts(server.app, person.accessToken)).toEqual([]);
  });

  it('a code older than ten minutes is refused', async () => {
    const person = await signUpNewPerson(server.app);
    const { code, state } = await linkThroughSandbox(server.app, person.accessToken);
    await server.database.db
      .update(sandboxBankLinkCodes)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sandboxBankLinkCodes.state, state));
    const response = await exchange(server.app, person.accessToken, { code, state });
    expect(response.statusCode).toBe(400);
    expect(await listBankAccounts(server.app, person.accessToken)).toEqual([]);
  });

  it('linking needs a signed-in customer', async () => {
    expect((await call(server.app, 'POST', '/v1/bank-link/sessions')).statusCode).toBe(401);
    const response = await call(server.app, 'POST', '/v1/bank-link/exchange', {
      code: 'x',
      state: crypto.randomUUID(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('linking through Tink (a stub speaking its API)', () => {
  let tink: StubHttpServer;
  let tinkServer: TestServer;
  let accounts: unknown[];
  const tinkAccount = (type: string, accountNumber: string, routingNumber: string) => ({
    id: crypto.randomUUID(),
    type,
    identifiers: { financialInstitution: { accountNumber, referenceNumbers: { routingNumber } } },
  });

  beforeAll(async () => {
    tink = await startStubHttpServer((request, response) =>
      request.method === 'POST'
        ? sendJson(response, 200, { access_token: 'tink-user-token', expires_in: 7200 })
        : sendJson(response, 200, { accounts, nextPageToken: '' }),
    );
    tinkServer = await startTestServer({
      PUBLIC_URL: 'https://wallet.example.test',
      BANK_LINK_PROVIDER: 'tink',
      TINK_CLIENT_ID: 'client-id',
      TINK_CLIENT_SECRET: 'client-secret',
      TINK_API_URL: tink.url,
    });
  });
  afterAll(async () => {
    await tinkServer.close();
    await tink.close();
  });

  it('sends the person to Tink Link and links the checking account it shares', async () => {
    accounts = [
      tinkAccount('SAVINGS', '44445555', '026009593'),
      tinkAccount('CHECKING', '1234567890123', '021000021'),
    ];
    const person = await signUpNewPerson(tinkServer.app);
    const session = await startLinkSession(tinkServer.app, person.accessToken);
    const link = new URL(session.redirect_url);
    expect(link.host).toBe('link.tink.com');
    expect(link.searchParams.get('state')).toBe(session.session_id);
    expect(link.searchParams.get('redirect_uri')).toBe('https://wallet.example.test/redeem/tink');

    const linked = await exchange(tinkServer.app, person.accessToken, {
      code: 'tink-code',
      state: session.session_id,
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json()).toMatchObject({
      bank_name: 'JPMorgan Chase Bank',
      account_type: 'checking',
      last4: '0123',
      source: 'linked',
    });
    expect(tinkServer.logLines.join('\n')).not.toContain('1234567890123');
  });

  it('only cards and loans shared: 422, nothing stored', async () => {
    accounts = [tinkAccount('CREDIT_CARD', '4111111111111111', '021000021')];
    const person = await signUpNewPerson(tinkServer.app);
    const session = await startLinkSession(tinkServer.app, person.accessToken);
    const response = await exchange(tinkServer.app, person.accessToken, {
      code: 'tink-code',
      state: session.session_id,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code_description).toBe('NO_ELIGIBLE_BANK_ACCOUNT');
    expect(await listBankAccounts(tinkServer.app, person.accessToken)).toEqual([]);
  });

  it('a code Tink refuses is 400; Tink being down is 503; nothing is stored', async () => {
    const person = await signUpNewPerson(tinkServer.app);
    tink.respondWith((_request, response) =>
      sendJson(response, 400, { errorMessage: 'Invalid code', errorCode: 'invalid_grant' }),
    );
    const refused = await startLinkSession(tinkServer.app, person.accessToken);
    const first = await exchange(tinkServer.app, person.accessToken, {
      code: 'bad',
      state: refused.session_id,
    });
    expect(first.statusCode).toBe(400);
    expect(first.json().code_description).toBe('BANK_LINK_INVALID');

    tink.respondWith((_request, response) => sendJson(response, 503, { errorMessage: 'down' }));
    const down = await startLinkSession(tinkServer.app, person.accessToken);
    const second = await exchange(tinkServer.app, person.accessToken, {
      code: 'tink-code',
      state: down.session_id,
    });
    expect(second.statusCode).toBe(503);
    expect(second.json()).toMatchObject({ code: 7002, code_description: 'BANK_LINK_UNAVAILABLE' });
    expect(await listBankAccounts(tinkServer.app, person.accessToken)).toEqual([]);
    expect(tinkServer.app.hasRoute({ method: 'GET', url: '/v1/sandbox/bank-link' })).toBe(false);
  });
});
