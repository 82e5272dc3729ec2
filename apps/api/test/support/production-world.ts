import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { createMerchant, generateApiKey } from '../../src/features/merchants/merchant-keys';
import {
  sendJson,
  startStubHttpServer,
  type StubHttpServer,
} from '../../src/providers/testing/stub-http-server';
import {
  startStubSmtpServer,
  type StubSmtpServer,
} from '../../src/providers/testing/stub-smtp-server';
import {
  startVisaDirectStub,
  visaDirectTestTls,
  type VisaDirectStub,
} from '../../src/providers/testing/visa-direct-stub';
import { ownDatabase } from './own-database';
import { signUpForm } from './people';
import { refundBody, refundCustomer } from './refund-fixtures';
import { call, refreshCookieFrom, startTestServer, type TestServer } from './test-server';

const secret = () => randomBytes(32).toString('base64url');

/**
 * Every outside service a production server talks to, each a local stand-in: Visa Direct (mutual
 * TLS), Twilio, Turnstile, SMTP, and one that answers for Tink and Increase.
 */
export interface ProductionWorld {
  visa: VisaDirectStub;
  visaCredentials: { userId: string; password: string };
  twilio: StubHttpServer;
  turnstile: StubHttpServer;
  vendors: StubHttpServer;
  smtp: StubSmtpServer;
  /** The production settings, pointed at the stand-ins, with real-looking secrets. */
  env(): Record<string, string>;
  /** A server in production configuration; more settings may be given. */
  start(env?: Record<string, string>): Promise<TestServer>;
  /** The newest code texted to this number through Twilio, other than those already used. */
  textedCode(phone: string, used: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function until<T>(read: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startProductionWorld(): Promise<ProductionWorld> {
  // Its own database: its servers' secrets are their own, so they must not share job queues.
  const database = await ownDatabase();
  // One deployment's secrets: every server of the world shares them, as instances do.
  const secrets = {
    JWT_SECRET: secret(),
    OTP_SECRET: secret(),
    VAULT_KEY: secret(),
    TINK_CLIENT_SECRET: secret(),
    INCREASE_WEBHOOK_SECRET: secret(),
  };
  const visaCredentials = {
    userId: `VDP${randomBytes(8).toString('hex').toUpperCase()}`,
    password: secret(),
  };
  const visa = await startVisaDirectStub(visaCredentials);
  const twilio = await startStubHttpServer((_request, response) =>
    sendJson(response, 201, { sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued' }),
  );
  // Turnstile's siteverify; a token "pass:<action>" is a human doing that action.
  const turnstile = await startStubHttpServer((request, response) => {
    const token = String((JSON.parse(request.body) as { response?: unknown }).response ?? '');
    const [verdict, action] = token.split(':');
    sendJson(response, 200, {
      success: verdict === 'pass',
      action,
      hostname: 'wallet.example.com',
      challenge_ts: new Date().toISOString(),
      'error-codes': verdict === 'pass' ? [] : ['invalid-input-response'],
    });
  });
  const vendors = await startStubHttpServer((_request, response) => sendJson(response, 404, {}));
  const smtp = await startStubSmtpServer();

  const env = (): Record<string, string> => ({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://wallet.example.com',
    SUPPORT_EMAIL: 'help@wallet.example.com',
    ...(database ? { DATABASE_URL: database.url } : {}),
    JWT_SECRET: secrets.JWT_SECRET,
    OTP_SECRET: secrets.OTP_SECRET,
    VAULT_KEY: secrets.VAULT_KEY,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: `AC${randomBytes(16).toString('hex')}`,
    TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex'),
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_BASE_URL: twilio.url,
    EMAIL_PROVIDER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    BOT_PROVIDER: 'turnstile',
    BOT_SITE_KEY: '0x4AAAAAAADnPIDROrmt1Wwj',
    BOT_SECRET: `0x4AAAAAAA${randomBytes(12).toString('hex')}`,
    BOT_VERIFY_URL: turnstile.url,
    BANK_LINK_PROVIDER: 'tink',
    TINK_CLIENT_ID: randomBytes(16).toString('hex'),
    TINK_CLIENT_SECRET: secrets.TINK_CLIENT_SECRET,
    TINK_API_URL: vendors.url,
    TINK_LINK_URL: vendors.url,
    ACH_PROVIDER: 'increase',
    INCREASE_API_KEY: `secret_key_${randomBytes(16).toString('hex')}`,
    INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
    INCREASE_WEBHOOK_SECRET: secrets.INCREASE_WEBHOOK_SECRET,
    INCREASE_BASE_URL: vendors.url,
    CARD_PAYOUT_PROVIDER: 'visa_direct',
    VISA_DIRECT_BASE_URL: visa.url,
    VISA_DIRECT_USER_ID: visaCredentials.userId,
    VISA_DIRECT_PASSWORD: visaCredentials.password,
    VISA_DIRECT_CERT_FILE: visaDirectTestTls.clientCertFile,
    VISA_DIRECT_KEY_FILE: visaDirectTestTls.clientKeyFile,
    VISA_DIRECT_CA_FILE: visaDirectTestTls.caFile,
    VISA_DIRECT_ACQUIRING_BIN: '408999',
    VISA_DIRECT_CARD_ACCEPTOR_ID: 'RWPROD000000001',
    VISA_DIRECT_TERMINAL_ID: 'RWPROD01',
    VISA_DIRECT_CARD_ACCEPTOR_STATE: 'CA',
    VISA_DIRECT_CARD_ACCEPTOR_ZIP: '94404',
  });

  const textedCode = (phone: string, used: string[]) =>
    until(() => {
      for (const request of [...twilio.requests].reverse()) {
        const form = new URLSearchParams(request.body);
        if (form.get('To') !== `+1${phone}`) continue;
        const text = form.get('Body') ?? '';
        const code = /\bcode\b/i.test(text) ? /\b(\d{6})\b/.exec(text)?.[1] : undefined;
        if (code && !used.includes(code)) return code;
      }
      return undefined;
    });

  return {
    visa,
    visaCredentials,
    twilio,
    turnstile,
    vendors,
    smtp,
    env,
    // Production's own defaults, not the test server's, for the demo data and the docs.
    start: (more = {}) =>
      startTestServer({ ...env(), SEED_DEMO_DATA: undefined, API_DOCS: undefined, ...more }),
    textedCode,
    async close() {
      await Promise.all([visa.close(), twilio.close(), turnstile.close(), vendors.close()]);
      await smtp.close();
      await database?.drop();
    },
  };
}

/**
 * A customer signed up through the API of a production server (code texted through Twilio),
 * with a claimed refund of `cents` from a live merchant and an address on file.
 */
export async function productionCustomer(
  world: ProductionWorld,
  server: TestServer,
  cents: number,
) {
  const form = signUpForm({ bot_token: 'pass:customer_signup' });
  const phone = form.phone_number.replace(/\D/g, '');
  const started = await call(server.app, 'POST', '/v1/users/signup', form);
  expect(started.statusCode, started.body).toBe(201);
  const signUpCode = await world.textedCode(phone, []);
  const verified = await call(server.app, 'POST', '/v1/users/verify', {
    attempt_id: started.json().attempt_id,
    code: signUpCode,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  expect(refreshCookieFrom(verified)).not.toBeNull();
  const token = verified.json().access_token as string;

  const apiKey = generateApiKey('live');
  await createMerchant(server.database.db, 'Summit Sports', apiKey);
  const refund = await call(
    server.app,
    'POST',
    '/v1/merchant/refunds',
    refundBody(refundCustomer({ phone_number: phone, email: form.email }), {
      returns: [{ amount_in_cents: cents, description: 'Returned item' }],
    }),
    { token: apiKey, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
  expect(refund.statusCode, refund.body).toBe(201);
  const claimed = await call(
    server.app,
    'POST',
    '/v1/customers/claim-refund',
    { refund_uuid: refund.json().refund_uuid },
    { token },
  );
  expect(claimed.statusCode, claimed.body).toBe(200);
  const address = await call(
    server.app,
    'PUT',
    '/v1/users/profile/address',
    { line_1: '12 Harbor Road', city: 'Portland', state: 'me', zipcode: '04101' },
    { token },
  );
  expect(address.statusCode, address.body).toBe(200);
  return { token, phone, used: [signUpCode] };
}
