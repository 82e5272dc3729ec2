import { redemptionModes } from '@refund/contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { signUpNewPerson } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    DISABLED_REDEMPTION_METHODS: 'prepaid,fancash',
    BRAND_NAME: 'Acme Refunds',
  });
});
afterAll(() => server.close());

describe('system endpoints', () => {
  it('health and readiness', async () => {
    expect((await call(server.app, 'GET', '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await call(server.app, 'GET', '/readyz')).json()).toEqual({ status: 'ready' });
  });

  it("logs no line for a balancer's health checks that pass, and one for other requests", async () => {
    const before = server.logLines.length;
    for (let i = 0; i < 3; i += 1) {
      await call(server.app, 'GET', '/healthz');
      await call(server.app, 'GET', '/readyz');
    }
    await call(server.app, 'GET', '/v1/app-config');
    const lines = server.logLines.slice(before).join('\n');
    expect(lines).not.toContain('/healthz');
    expect(lines).not.toContain('/readyz');
    expect(lines).toContain('/v1/app-config');
  });

  it('the app configuration names the brand, the bot provider and the welcome bonus offered', async () => {
    expect((await call(server.app, 'GET', '/v1/app-config')).json()).toEqual({
      brand_name: 'Acme Refunds',
      sandbox: true,
      support_email: 'support@refund-wallet.example',
      welcome_bonus: null,
      bot_protection: { provider: 'sandbox', site_key: null },
      error_reporting: { dsn: null, environment: 'test' },
      analytics: { provider: 'first_party', key: null, host: null },
    });
    const offering = await startTestServer({
      WELCOME_BONUS_CENTS: '1000',
      WELCOME_BONUS_EXPIRES_ON: '2031-06-30',
    });
    try {
      expect((await call(offering.app, 'GET', '/v1/app-config')).json()).toMatchObject({
        welcome_bonus: { amount_in_cents: 1_000, last_day: '2031-06-30' },
      });
    } finally {
      await offering.close();
    }
  });

  it('lists redemption methods: only built ones, configured and not switched off, are available', async () => {
    const person = await signUpNewPerson(server.app);
    const response = await call(server.app, 'GET', '/v1/redemption-methods', undefined, {
      token: person.accessToken,
    });
    const methods = response.json().data as { mode: string; is_available: boolean }[];
    // Every mode of the contracts, in their order, each saying whether it is offered.
    expect(methods.map((m) => m.mode)).toEqual(redemptionModes);
    expect(Object.fromEntries(methods.map((m) => [m.mode, m.is_available]))).toMatchObject({
      debit: true,
      bank: true,
      prepaid: false,
      // Offered with a gift card issuer configured (the sandbox's here); amounts are per brand.
      giftcard: true,
      fancash: false,
      earn_rewards: false,
    });
    expect(methods[0]).toMatchObject({ min_amount: 100, max_amount: 250_000, fee_rate: 150 });
    expect(methods[3]).toMatchObject({ min_amount: null, max_amount: null, fee_rate: null });
  });

  it('does not offer gift cards without a gift card issuer', async () => {
    const bare = await startTestServer({ GIFT_CARD_PROVIDER: 'none' });
    try {
      const person = await signUpNewPerson(bare.app);
      const response = await call(bare.app, 'GET', '/v1/redemption-methods', undefined, {
        token: person.accessToken,
      });
      expect(response.json().data).toContainEqual(
        expect.objectContaining({ mode: 'giftcard', is_available: false }),
      );
    } finally {
      await bare.close();
    }
  });

  it('documents the API as OpenAPI under /v1/docs', async () => {
    const response = await call(server.app, 'GET', '/v1/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/v1/users/signup',
      '/v1/users/signin',
      '/v1/users/verify',
      '/v1/users/refresh',
      '/v1/users/profile',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
    expect((await call(server.app, 'GET', '/v1/docs')).statusCode).toBeLessThan(400);
  });

  it('answers every API response with a request id and no caching', async () => {
    const response = await call(server.app, 'GET', '/v1/app-config');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('configuration', () => {
  it('refuses to start the sandbox in production, listing every problem', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' })).toThrowError(
      /JWT_SECRET: required in production[\s\S]*SANDBOX: the sandbox cannot run in production/,
    );
  });

  it('refuses unknown redemption methods', () => {
    expect(() => loadConfig({ DISABLED_REDEMPTION_METHODS: 'cheque' })).toThrowError(
      /DISABLED_REDEMPTION_METHODS/,
    );
  });

  it('has safe local defaults', () => {
    const config = loadConfig({});
    expect(config.SANDBOX).toBe(true);
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
  });
});
