import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PrepaidCard, PrepaidCardholder } from '@refund/contracts/prepaid-cards';
import type { Transaction } from '@refund/contracts/redemptions';
import { loadConfig } from '../src/config';
import { applyPrepaidCardResult } from '../src/features/prepaid-cards/prepaid-card-issuing';
import {
  startStripeIssuingStub,
  type StripeIssuingStub,
} from '../src/providers/testing/stripe-issuing-stub';
import { settledTransaction } from './support/giftcard-fixtures';
import { fundedCustomer, mintWithdrawalCode, newMerchant } from './support/payout-fixtures';
import { ownDatabase } from './support/own-database';
import { productionEnv as production } from './support/production-env';
import type { SignedIn } from './support/people';
import { balanceOf, expectLedgerBalanced } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * Prepaid cards with PREPAID_CARD_PROVIDER=stripe_issuing, against a local stand-in of Stripe
 * Issuing's API: issued once even when the answer is lost, the balance read from the card's
 * activity, the issuer's refusal giving the money back, and outcomes applied once in any order.
 */
const REFUSED_CENTS = 4_444;
let stripe: StripeIssuingStub;
let server: TestServer;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let person: SignedIn;

beforeAll(async () => {
  stripe = await startStripeIssuingStub({ refuseAmountCents: REFUSED_CENTS });
  database = await ownDatabase();
  server = await startTestServer({
    PREPAID_CARD_PROVIDER: 'stripe_issuing',
    STRIPE_ISSUING_API_KEY: stripe.apiKey,
    STRIPE_BASE_URL: `${stripe.url}/v1`,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  person = await fundedCustomer(server.app, await newMerchant(server.database.db), 20_000);
});
afterAll(async () => {
  await server.close();
  await database?.drop();
  await stripe.close();
});
afterEach(() => expectLedgerBalanced(server.database.db));

const send = (method: 'GET' | 'POST', path: string, body?: unknown, key?: string) =>
  call(server.app, method, path, body, {
    token: person.accessToken,
    headers: key ? { 'idempotency-key': key } : {},
  });

async function redeem(cents: number): Promise<Transaction> {
  const holder = (await send('POST', '/v1/prepaid-cardholder')).json() as PrepaidCardholder;
  const code = await mintWithdrawalCode(server.database.db, person.phone);
  const response = await send(
    'POST',
    '/v1/redemptions',
    {
      mode: 'prepaid',
      payment_method_uuid: holder.cardholder_uuid,
      amount_in_cents: cents,
      ...code,
    },
    crypto.randomUUID(),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Transaction;
}

const cardsCreated = () =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/issuing/cards').length;

describe('prepaid cards from Stripe Issuing', () => {
  it('issues a card with its limit, reads the balance from its activity, activates and reveals it', async () => {
    const tx = await settledTransaction(server, person, (await redeem(3_000)).transaction_id);
    expect(tx.status).toBe('Successful');
    const [stubCard] = [...stripe.cards.values()].filter(
      (c) => c.metadata.reference === tx.transaction_id,
    );
    expect(stubCard).toMatchObject({ limit: 3_000, status: 'inactive' });
    if (!stubCard) throw new Error('no card at the issuer');
    const created = stripe.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/issuing/cards',
    );
    expect(created?.headers['idempotency-key']).toBe(tx.transaction_id);

    stripe.spend(stubCard.id, 1_200);
    stripe.spend(stubCard.id, 300, { pending: true });
    const card = (
      await send('GET', `/v1/prepaid-cards/${tx.transaction_id}`)
    ).json() as PrepaidCard;
    expect(card).toMatchObject({
      status: 'inactive',
      last4: stubCard.last4,
      balance_in_cents: 1_500,
    });

    const activated = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/activate`);
    expect(activated.json()).toMatchObject({ status: 'active' });
    expect(stripe.cards.get(stubCard.id)?.status).toBe('active');

    // Canceled at the issuer: the wallet follows on the next read, and it cannot be activated.
    stubCard.status = 'canceled';
    expect((await send('GET', `/v1/prepaid-cards/${tx.transaction_id}`)).json()).toMatchObject({
      status: 'canceled',
    });
    const refused = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/activate`);
    expect(refused.statusCode).toBe(409);
    expect(server.logLines.join('')).not.toContain(stubCard.number);
  });

  it('gives the money back when Stripe refuses the card', async () => {
    const before = await balanceOf(server.app, person.accessToken);
    const tx = await settledTransaction(
      server,
      person,
      (await redeem(REFUSED_CENTS)).transaction_id,
    );
    expect(tx).toMatchObject({ status: 'Failed', destination: { card_status: 'failed' } });
    expect(tx.failure_reason).toContain('balance_insufficient');
    expect(await balanceOf(server.app, person.accessToken)).toEqual(before);
  });

  it('issues one card when the issuer made it but the answer was lost', async () => {
    let dropped = 0;
    stripe.respondWith((request, response) => {
      if (request.method === 'POST' && request.path === '/v1/issuing/cards' && dropped === 0) {
        dropped += 1;
        // Stripe creates the card, and the connection drops before the answer arrives.
        const discard = { writeHead: () => discard, end: () => discard } as never;
        void stripe.respond(request, discard);
        response.destroy();
        return;
      }
      return stripe.respond(request, response);
    });
    const before = cardsCreated();
    const id = (await redeem(2_000)).transaction_id;
    // The job fails on the lost answer and is run again after its retry delay.
    let tx = await settledTransaction(server, person, id);
    for (let i = 0; i < 3 && tx.status === 'Pending'; i += 1) {
      tx = await settledTransaction(server, person, id);
    }
    expect(tx.status).toBe('Successful');
    expect(dropped).toBe(1);
    expect(cardsCreated() - before).toBe(1);
    expect([...stripe.cards.values()].filter((c) => c.metadata.reference === id)).toHaveLength(1);
  }, 60_000); // Up to four settling waits, each across the job's retry delay.

  it('applies each outcome once, in any order: a late failure after the issue changes nothing', async () => {
    const tx = await settledTransaction(server, person, (await redeem(1_500)).transaction_id);
    const before = await balanceOf(server.app, person.accessToken);
    const deps = { db: server.database.db, jobs: server.jobs };
    const card = { issuerCardId: 'ic_other', last4: '0000', expMonth: 1, expYear: 2031 };
    await applyPrepaidCardResult(deps, tx.transaction_id, {
      status: 'issued',
      card: { ...card, status: 'inactive' },
    });
    await applyPrepaidCardResult(deps, tx.transaction_id, { status: 'failed', reason: 'late' });
    expect(await balanceOf(server.app, person.accessToken)).toEqual(before);
    const shown = (await send('GET', `/v1/prepaid-cards/${tx.transaction_id}`)).json();
    expect(shown).toMatchObject({ status: 'inactive', failure_reason: null });
    expect((shown as PrepaidCard).last4).not.toBe('0000');
  });
});

describe('prepaid card configuration', () => {
  it('offers no prepaid cards in production unless an issuer is named, and never the sandbox', () => {
    expect(loadConfig(production)).toMatchObject({ PREPAID_CARD_PROVIDER: 'none' });
    expect(() => loadConfig({ ...production, PREPAID_CARD_PROVIDER: 'sandbox' })).toThrowError(
      /sandbox providers cannot run in production/,
    );
    expect(() =>
      loadConfig({ ...production, PREPAID_CARD_PROVIDER: 'stripe_issuing' }),
    ).toThrowError(/STRIPE_ISSUING_API_KEY: required for PREPAID_CARD_PROVIDER=stripe_issuing/);
    expect(
      loadConfig({
        ...production,
        PREPAID_CARD_PROVIDER: 'stripe_issuing',
        STRIPE_ISSUING_API_KEY: 'sk_live_key',
      }),
    ).toMatchObject({ PREPAID_CARD_PROVIDER: 'stripe_issuing' });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      PREPAID_CARD_PROVIDER: 'sandbox',
    });
  });

  it('does not offer the method, nor its routes, without an issuer', async () => {
    const plain = await startTestServer({ PREPAID_CARD_PROVIDER: 'none' });
    try {
      const someone = await fundedCustomer(plain.app, await newMerchant(plain.database.db), 2_000);
      const methods = await call(plain.app, 'GET', '/v1/redemption-methods', undefined, {
        token: someone.accessToken,
      });
      expect(
        (methods.json() as { data: { mode: string; is_available: boolean }[] }).data.find(
          (m) => m.mode === 'prepaid',
        ),
      ).toMatchObject({ is_available: false });
      const holder = await call(plain.app, 'POST', '/v1/prepaid-cardholder', undefined, {
        token: someone.accessToken,
      });
      expect(holder.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
