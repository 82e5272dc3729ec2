import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startStubHttpServer,
  sendJson,
  type StubHttpServer,
} from '../src/providers/testing/stub-http-server';
import { manualAccount } from './support/bank-fixtures';
import { signUpNewPerson } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

/** The sandbox's test banks (README): they exist only while sandbox bank linking is in use. */
const sandboxNational = '110000000';
const sandboxCommunity = '011401533';
const chase = '021000021';

async function bankNameShown(server: TestServer, routingNumber: string) {
  const person = await signUpNewPerson(server.app);
  const added = await call(
    server.app,
    'POST',
    '/v1/bank-accounts',
    manualAccount({ routing_number: routingNumber }),
    { token: person.accessToken },
  );
  expect(added.statusCode, added.body).toBe(201);
  const listed = await call(server.app, 'GET', '/v1/bank-accounts', undefined, {
    token: person.accessToken,
  });
  expect(listed.json().data).toEqual([added.json()]);
  return added.json().bank_name as string | null;
}

describe('bank names beside a typed-in routing number, with sandbox bank linking', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('names the sandbox test banks, and real banks', async () => {
    expect(await bankNameShown(server, sandboxNational)).toBe('Sandbox National Bank');
    expect(await bankNameShown(server, sandboxCommunity)).toBe('Sandbox Community Credit Union');
    expect(await bankNameShown(server, chase)).toBe('JPMorgan Chase Bank');
  });
});

describe('bank names beside a typed-in routing number, with Tink bank linking', () => {
  let tink: StubHttpServer;
  let server: TestServer;
  beforeAll(async () => {
    tink = await startStubHttpServer((_request, response) => sendJson(response, 404, {}));
    server = await startTestServer({
      BANK_LINK_PROVIDER: 'tink',
      TINK_CLIENT_ID: 'client-id',
      TINK_CLIENT_SECRET: 'client-secret',
      TINK_API_URL: tink.url,
    });
  });
  afterAll(async () => {
    await server.close();
    await tink.close();
  });

  it('shows no name for the sandbox test banks', async () => {
    expect(await bankNameShown(server, sandboxNational)).toBeNull();
    expect(await bankNameShown(server, sandboxCommunity)).toBeNull();
  });

  it('still names real banks', async () => {
    expect(await bankNameShown(server, chase)).toBe('JPMorgan Chase Bank');
    expect(await bankNameShown(server, '026009593')).toBe('Bank of America');
  });
});
