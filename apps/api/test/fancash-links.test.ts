import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FanCashLinkView } from '@refund/contracts/fancash';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { fancashLinks, users } from '../src/db/schema';
import { sandboxFanCashCode } from '../src/providers/sandbox-fancash';
import { startFanaticsStub, type FanaticsStub } from '../src/providers/testing/fanatics-stub';
import { signInAtSandbox as signInAtFanCashSandbox } from './support/fancash-fixtures';
import { ownDatabase } from './support/own-database';
import { signUpNewPerson, type SignedIn } from './support/people';
import { productionEnv } from './support/production-env';
import { expectLedgerBalanced } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * Linking a FanCash account through the sports merchant's sign-in: with the sandbox's one-click
 * page, and with the merchant's OAuth against a local stand-in. The state is the starting
 * customer's alone, used once; a fan belongs to one customer; nothing of another customer's link
 * is ever read.
 */
let server: TestServer;
let database: Awaited<ReturnType<typeof ownDatabase>>;

beforeAll(async () => {
  database = await ownDatabase();
  server = await startTestServer({ ...(database ? { DATABASE_URL: database.url } : {}) });
});
afterAll(async () => {
  await server.close();
  await database?.drop();
});
afterEach(() => expectLedgerBalanced(server.database.db));

const as = (app: TestServer, person: SignedIn) => ({
  get: (path: string) => call(app.app, 'GET', path, undefined, { token: person.accessToken }),
  post: (path: string, body?: unknown) =>
    call(app.app, 'POST', path, body, { token: person.accessToken }),
  del: (path: string) => call(app.app, 'DELETE', path, undefined, { token: person.accessToken }),
});

const signInAtSandbox = (person: SignedIn, name: string) =>
  signInAtFanCashSandbox(server, person, name);

describe('linking FanCash in the sandbox', () => {
  it('links in one click, shows the fan’s name, and unlinks', async () => {
    const ann = await signUpNewPerson(server.app);
    expect((await as(server, ann).get('/v1/fancash/link')).json()).toEqual({ link: null });
    const back = await signInAtSandbox(ann, 'Alex M.');
    const linked = await as(server, ann).post('/v1/fancash/link/complete', back);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ display_name: 'Alex M.' });
    const read = (await as(server, ann).get('/v1/fancash/link')).json() as {
      link: FanCashLinkView;
    };
    expect(read.link.display_name).toBe('Alex M.');
    expect(JSON.stringify(read)).not.toContain('FAN-SANDBOX');

    // The same state cannot be used again.
    const again = await as(server, ann).post('/v1/fancash/link/complete', back);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code_description: 'FANCASH_LINK_INVALID' });

    expect((await as(server, ann).del('/v1/fancash/link')).statusCode).toBe(204);
    expect((await as(server, ann).del('/v1/fancash/link')).statusCode).toBe(204);
    expect((await as(server, ann).get('/v1/fancash/link')).json()).toEqual({ link: null });
  });

  it('refuses a state another customer started, and a fan linked to someone else', async () => {
    const ben = await signUpNewPerson(server.app);
    const eve = await signUpNewPerson(server.app);
    const bens = await signInAtSandbox(ben, 'Jordan T.');
    const stolen = await as(server, eve).post('/v1/fancash/link/complete', bens);
    expect(stolen.statusCode).toBe(400);
    expect((await as(server, eve).get('/v1/fancash/link')).json()).toEqual({ link: null });
    // Ben's own state still works: Eve's try did not use it up.
    expect((await as(server, ben).post('/v1/fancash/link/complete', bens)).statusCode).toBe(200);

    // Eve signs in at the merchant as the fan Ben linked.
    const bensFan = await server.database.db
      .select({ fanId: fancashLinks.fanId, displayName: fancashLinks.displayName })
      .from(fancashLinks)
      .innerJoin(users, eq(users.id, fancashLinks.userId))
      .where(eq(users.phoneNumber, ben.phone));
    const evesTry = await signInAtSandbox(eve, 'Jordan T.');
    const taken = await as(server, eve).post('/v1/fancash/link/complete', {
      state: evesTry.state,
      code: sandboxFanCashCode(bensFan[0] ?? { fanId: 'none', displayName: 'none' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code_description: 'FANCASH_ALREADY_LINKED' });
    expect((await as(server, eve).get('/v1/fancash/link')).json()).toEqual({ link: null });
  });

  it('answers bad input with a 400, and its page only ever sends people back to the web app', async () => {
    const cam = await signUpNewPerson(server.app);
    for (const body of [{}, { state: 'short', code: 'x' }, { state: 'a'.repeat(43), code: '' }]) {
      const response = await as(server, cam).post('/v1/fancash/link/complete', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const forged = await as(server, cam).post('/v1/fancash/link/complete', {
      state: 'a'.repeat(43),
      code: 'sbx-fan.nonsense',
    });
    expect(forged.json()).toMatchObject({ code_description: 'FANCASH_LINK_INVALID' });
    const elsewhere = await call(
      server.app,
      'GET',
      `/v1/sandbox/fancash-link?state=${'a'.repeat(43)}&redirect_uri=${encodeURIComponent('https://evil.example/steal')}`,
    );
    expect(elsewhere.statusCode).toBe(400);
  });
});

describe('linking FanCash at the merchant', () => {
  let stub: FanaticsStub;
  let fanatics: TestServer;
  beforeAll(async () => {
    stub = await startFanaticsStub();
    fanatics = await startTestServer({
      FANCASH_PROVIDER: 'fanatics',
      FANATICS_CLIENT_ID: stub.clientId,
      FANATICS_CLIENT_SECRET: stub.clientSecret,
      FANATICS_API_URL: stub.url,
      FANATICS_AUTH_URL: stub.url,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
  });
  afterAll(async () => {
    await fanatics.close();
    await stub.close();
  });

  it('sends the customer to the merchant’s sign-in and links the fan its code names', async () => {
    const dee = await signUpNewPerson(fanatics.app);
    const started = await as(fanatics, dee).post('/v1/fancash/link/start');
    const authorize = new URL((started.json() as { authorize_url: string }).authorize_url);
    expect(authorize.origin).toBe(new URL(stub.url).origin);
    expect(authorize.searchParams.get('client_id')).toBe(stub.clientId);
    const state = authorize.searchParams.get('state') ?? '';
    const code = stub.issueCode(
      'FAN-0042',
      'Dee K.',
      authorize.searchParams.get('redirect_uri') ?? '',
    );
    const linked = await as(fanatics, dee).post('/v1/fancash/link/complete', { state, code });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ display_name: 'Dee K.' });
    expect(fanatics.logLines.join('')).not.toContain(code);
  });

  it('refuses production with the sandbox, and the merchant without its credentials', () => {
    expect(loadConfig(productionEnv)).toMatchObject({ FANCASH_PROVIDER: 'none' });
    expect(() => loadConfig({ ...productionEnv, FANCASH_PROVIDER: 'sandbox' })).toThrowError(
      /sandbox providers cannot run in production/,
    );
    expect(() => loadConfig({ ...productionEnv, FANCASH_PROVIDER: 'fanatics' })).toThrowError(
      /FANATICS_CLIENT_ID: required for FANCASH_PROVIDER=fanatics/,
    );
  });
});
