import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCardPushes } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import {
  visaDirectTestTls,
  VISA_PUSH_PATH,
  VISA_QUERY_PATH,
} from '../src/providers/testing/visa-direct-stub';
import {
  productionCustomer,
  startProductionWorld,
  until,
  type ProductionWorld,
} from './support/production-world';
import { call, type TestServer } from './support/test-server';

let world: ProductionWorld;
let server: TestServer;

beforeAll(async () => {
  world = await startProductionWorld();
  server = await world.start({
    CARD_PUSH_CHECK_INTERVAL_SECONDS: '0.2',
    CARD_PUSH_CHECK_AFTER_SECONDS: '0',
  });
});

afterAll(async () => {
  await server?.close();
  await world?.close();
});

/** Adds the card and redeems `cents` to it, the withdrawal passcode texted through Twilio. */
async function redeemToCard(cardNumber: string, cents: number) {
  const person = await productionCustomer(world, server, cents);
  const card = await call(
    server.app,
    'POST',
    '/v1/cards',
    { card_number: cardNumber, expiry: '12/30', cvv: '123', name_on_card: 'Pat Doe' },
    { token: person.token },
  );
  expect(card.statusCode, card.body).toBe(201);
  const challenge = await call(server.app, 'POST', '/v1/redemptions/otp', undefined, {
    token: person.token,
  });
  expect(challenge.statusCode, challenge.body).toBe(200);
  const code = await world.textedCode(person.phone, person.used);
  const redeemed = await call(
    server.app,
    'POST',
    '/v1/redemptions',
    {
      mode: 'debit',
      payment_method_uuid: card.json().card_uuid,
      amount_in_cents: cents,
      attempt_id: challenge.json().attempt_id,
      code,
    },
    { token: person.token, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
  expect(redeemed.statusCode, redeemed.body).toBe(201);
  const id = redeemed.json().transaction_id as string;
  const status = async () =>
    (
      await call(server.app, 'GET', `/v1/transactions/${id}`, undefined, { token: person.token })
    ).json().status as string;
  return { redeemed, status, id };
}

describe('card payouts in production', () => {
  it('refuse the sandbox card provider, and name every Visa Direct setting missing', () => {
    const env = world.env();
    expect(() => loadConfig({ ...env, CARD_PAYOUT_PROVIDER: 'sandbox' })).toThrowError(
      /sandbox providers cannot run in production/,
    );
    const { CARD_PAYOUT_PROVIDER: _provider, ...withoutProvider } = env;
    expect(() => loadConfig(withoutProvider)).toThrowError(
      /sandbox providers cannot run in production/,
    );
    const bare = Object.fromEntries(
      Object.entries(env).filter(([key]) => !key.startsWith('VISA_DIRECT_')),
    );
    expect(() => loadConfig(bare)).toThrowError(
      /VISA_DIRECT_USER_ID: required[\s\S]*VISA_DIRECT_PASSWORD: required[\s\S]*VISA_DIRECT_CERT_FILE: required[\s\S]*VISA_DIRECT_KEY_FILE: required[\s\S]*VISA_DIRECT_ACQUIRING_BIN: required/,
    );
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('push a redemption to Visa Direct over mutual TLS, and it reaches the card', async () => {
    const before = world.visa.pushes.length;
    const { redeemed, status, id } = await redeemToCard(sandboxCards.visaDebit, 2_345);

    expect(redeemed.json()).toMatchObject({ status: 'Successful', net_amount_in_cents: 2_310 });
    expect(await status()).toBe('Successful');
    const pushes = world.visa.requests.filter((r) => r.path === VISA_PUSH_PATH);
    expect(pushes.at(-1)?.clientCertificate).toBe(visaDirectTestTls.clientSubject);
    expect(world.visa.pushes.slice(before)).toEqual([
      expect.objectContaining({
        recipientPrimaryAccountNumber: sandboxCards.visaDebit,
        amount: '23.10',
        acquiringBin: '408999',
      }),
    ]);
    // The sandbox's network never heard of it.
    // The sandbox's network never heard of it (other tests' servers share the database).
    expect(
      await server.database.db.query.sandboxCardPushes.findMany({
        where: eq(sandboxCardPushes.reference, id),
      }),
    ).toEqual([]);
  });

  it('answers 503 with Retry-After, in the error shape, when Visa cannot be reached to check a card', async () => {
    // A second instance of the deployment whose route to Visa is down: nothing listens there.
    const cutOff = await world.start({ VISA_DIRECT_BASE_URL: 'http://127.0.0.1:9' });
    try {
      const person = await productionCustomer(world, cutOff, 500);
      const card = await call(
        cutOff.app,
        'POST',
        '/v1/cards',
        { card_number: sandboxCards.visaDebit, expiry: '12/30', cvv: '123', name_on_card: 'Pat' },
        { token: person.token },
      );
      expect(card.statusCode, card.body).toBe(503);
      expect(card.json()).toMatchObject({ code_description: 'SERVICE_UNAVAILABLE' });
      expect(Object.keys(card.json()).sort()).toEqual(['code', 'code_description', 'message']);
      expect(card.headers['retry-after']).toBe('30');
      // Nothing was saved: the card list is as before.
      const cards = await call(cutOff.app, 'GET', '/v1/cards', undefined, { token: person.token });
      expect(cards.json().data ?? cards.json()).toEqual([]);
    } finally {
      await cutOff.close();
    }
  });

  it('refuses a credit card by Visa’s own card attributes inquiry', async () => {
    const person = await productionCustomer(world, server, 500);
    const card = await call(
      server.app,
      'POST',
      '/v1/cards',
      { card_number: sandboxCards.visaCredit, expiry: '12/30', cvv: '123', name_on_card: 'Pat' },
      { token: person.token },
    );
    expect(card.statusCode).toBe(422);
    expect(card.json().code_description).toBe('CARD_NOT_SUPPORTED');
  });

  it('learns the outcome of a push Visa has not answered from Visa’s transaction query', async () => {
    const { redeemed, status } = await redeemToCard(sandboxCards.noAnswerPaid, 1_000);
    expect(redeemed.json().status).toBe('Pending');

    expect(await until(async () => ((await status()) === 'Successful' ? true : undefined))).toBe(
      true,
    );
    expect(world.visa.requests.some((r) => r.path.startsWith(`${VISA_QUERY_PATH}?`))).toBe(true);
  });

  it('never writes the Visa credentials or card numbers to the log', () => {
    const log = server.logLines.join('\n');
    for (const value of [world.visaCredentials.password, sandboxCards.visaDebit]) {
      expect(log).not.toContain(value);
    }
  });
});

describe('production defaults', () => {
  it('serve no API documentation and seed no demo customer', async () => {
    for (const url of ['/v1/docs', '/v1/docs/json']) {
      const docs = await call(server.app, 'GET', url);
      expect(docs.statusCode).toBe(404);
      expect(docs.json().code_description).toBe('ROUTE_NOT_FOUND');
    }
    const demo = await server.database.db.query.users.findFirst({
      where: (users, { eq }) => eq(users.phoneNumber, '2025550143'),
    });
    expect(demo).toBeUndefined();
  });

  it('pin https with HSTS, the public address being https', async () => {
    const response = await call(server.app, 'GET', '/v1/app-config');
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
