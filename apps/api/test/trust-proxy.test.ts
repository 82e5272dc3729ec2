import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { uniquePhone } from './support/people';
import { startProductionWorld, type ProductionWorld } from './support/production-world';
import { call, type TestServer } from './support/test-server';

/** An address no other test (or run on a shared database) uses. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

let world: ProductionWorld;
beforeAll(async () => {
  world = await startProductionWorld();
});
afterAll(() => world?.close());

async function withServer(env: Record<string, string>, use: (server: TestServer) => Promise<void>) {
  const server = await world.start({ OTP_SENDS_PER_IP_PER_HOUR: '2', ...env });
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

/** A sign-in code asked for by whoever `peer` is, saying it forwards for `forwardedFor`. */
const signIn = (server: TestServer, peer: string, forwardedFor?: string) =>
  call(
    server.app,
    'POST',
    '/v1/users/signin',
    { phone_number: uniquePhone(), bot_token: 'pass:customer_signin' },
    { ip: peer, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} },
  );

describe('the client address behind proxies (TRUST_PROXY)', () => {
  it('by default ignores X-Forwarded-For in production: the per-address limit holds', async () => {
    await withServer({}, async (server) => {
      const peer = someAddress();
      expect((await signIn(server, peer, someAddress())).statusCode).toBe(200);
      expect((await signIn(server, peer, someAddress())).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) {
        const over = await signIn(server, peer, someAddress());
        expect(over.statusCode).toBe(429);
        expect(over.json().code_description).toBe('OTP_SEND_LIMIT');
      }
    });
  });

  it('with the proxy’s address configured, counts the forwarded client’s address', async () => {
    const proxy = someAddress();
    await withServer({ TRUST_PROXY: `${proxy}/32` }, async (server) => {
      const client = someAddress();
      expect((await signIn(server, proxy, client)).statusCode).toBe(200);
      expect((await signIn(server, proxy, client)).statusCode).toBe(200);
      expect((await signIn(server, proxy, client)).statusCode).toBe(429);
      // Another customer behind the same proxy is not held back by the first one.
      expect((await signIn(server, proxy, someAddress())).statusCode).toBe(200);
      // Someone who is not the proxy cannot pick an address by sending the header.
      const stranger = someAddress();
      expect((await signIn(server, stranger, someAddress())).statusCode).toBe(200);
      expect((await signIn(server, stranger, someAddress())).statusCode).toBe(200);
      expect((await signIn(server, stranger, someAddress())).statusCode).toBe(429);
    });
  });

  it('with a hop count, takes the address the nearest proxy saw, not one the client wrote', async () => {
    await withServer({ TRUST_PROXY: '1' }, async (server) => {
      const proxy = someAddress();
      const client = someAddress();
      expect((await signIn(server, proxy, `${someAddress()}, ${client}`)).statusCode).toBe(200);
      expect((await signIn(server, proxy, `${someAddress()}, ${client}`)).statusCode).toBe(200);
      expect((await signIn(server, proxy, `${someAddress()}, ${client}`)).statusCode).toBe(429);
    });
  });

  it('refuses a setting that would trust every sender', () => {
    for (const value of ['true', 'everyone', '10.0.0.0/33']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrowError(/TRUST_PROXY/);
    }
    // A block of every address is refused by name, as a configuration message, not a TypeError
    // from the proxy parser at start-up.
    for (const value of ['0.0.0.0/0', '::/0', '10.0.0.0/8, 0.0.0.0/0']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrowError(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrowError(
        /TRUST_PROXY: .*\/0 would trust every sender's X-Forwarded-For/,
      );
    }
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
    ]);
  });
});
