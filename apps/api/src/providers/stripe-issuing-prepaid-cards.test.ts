import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrepaidCardholder } from './ports';
import { createStripeIssuingPrepaidCards } from './stripe-issuing-prepaid-cards';
import { startStripeIssuingStub, type StripeIssuingStub } from './testing/stripe-issuing-stub';
import { ProviderHttpError } from './vendor-http';

const REFUSED_CENTS = 6_66;
let stripe: StripeIssuingStub;
beforeAll(async () => {
  stripe = await startStripeIssuingStub({ refuseAmountCents: REFUSED_CENTS });
});
afterAll(() => stripe.close());

const issuer = (apiKey = stripe.apiKey) =>
  createStripeIssuingPrepaidCards({ apiKey, baseUrl: `${stripe.url}/v1`, timeoutMs: 2_000 });

const person: PrepaidCardholder = {
  firstName: 'Alex',
  lastName: 'Morgan',
  email: 'alex.morgan@example.com',
  phone: '+12025550143',
  address: { line1: '1 Main St', line2: null, city: 'Denver', state: 'CO', zipcode: '80202' },
};

async function issuedCard(amountCents: number) {
  const holder = await issuer().cardholder(randomUUID(), person);
  const reference = randomUUID();
  const result = await issuer().issue({ reference, issuerCardholderId: holder, amountCents });
  if (result.status !== 'issued') throw new Error(`not issued: ${result.status}`);
  return { holder, reference, card: result.card };
}

describe('prepaid cards through Stripe Issuing, against a local stand-in of its API', () => {
  it('creates one cardholder per customer, form-encoded, keyed by the customer id', async () => {
    const customer = randomUUID();
    const first = await issuer().cardholder(customer, person);
    expect(await issuer().cardholder(customer, person)).toBe(first);
    const sent = stripe.requests.filter((r) => r.path === '/v1/issuing/cardholders').at(-1);
    expect(sent?.headers['idempotency-key']).toBe(`cardholder-${customer}`);
    expect(sent?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toMatchObject({
      type: 'individual',
      'billing[address][postal_code]': '80202',
      'billing[address][country]': 'US',
      'metadata[customer_id]': customer,
    });
  });

  it('issues an inactive virtual card loaded with the amount, once per reference', async () => {
    const holder = await issuer().cardholder(randomUUID(), person);
    const reference = randomUUID();
    const input = { reference, issuerCardholderId: holder, amountCents: 5_000 };
    const issued = await issuer().issue(input);
    expect(issued).toMatchObject({ status: 'issued', card: { status: 'inactive' } });
    expect(await issuer().issue(input)).toEqual(issued);
    expect(
      [...stripe.cards.values()].filter((c) => c.metadata.reference === reference),
    ).toHaveLength(1);
    const sent = stripe.requests
      .filter((r) => r.path === '/v1/issuing/cards' && r.method === 'POST')
      .at(-1);
    expect(sent?.headers['idempotency-key']).toBe(reference);
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toMatchObject({
      type: 'virtual',
      currency: 'usd',
      status: 'inactive',
      'spending_controls[spending_limits][0][amount]': '5000',
      'spending_controls[spending_limits][0][interval]': 'all_time',
    });
    // What we keep never includes the number or the CVC.
    const kept = JSON.stringify(issued);
    const card =
      issued.status === 'issued' ? stripe.cards.get(issued.card.issuerCardId) : undefined;
    expect(kept).not.toContain(card?.number ?? 'missing');
    expect(kept).not.toContain(`"cvc"`);
  });

  it('finds a card again by its reference without issuing, and says when there is none', async () => {
    const { holder, reference, card } = await issuedCard(2_500);
    expect(await issuer().lookup({ reference, issuerCardholderId: holder })).toEqual({
      status: 'issued',
      card,
    });
    expect(await issuer().lookup({ reference: randomUUID(), issuerCardholderId: holder })).toEqual({
      status: 'not_found',
    });
  });

  it('answers a refusal as a failed issue, and an outage as an error to retry', async () => {
    const holder = await issuer().cardholder(randomUUID(), person);
    expect(
      await issuer().issue({
        reference: randomUUID(),
        issuerCardholderId: holder,
        amountCents: REFUSED_CENTS,
      }),
    ).toEqual({ status: 'failed', reason: 'balance_insufficient' });
    await expect(issuer('sk_test_wrong').cardholder(randomUUID(), person)).rejects.toBeInstanceOf(
      ProviderHttpError,
    );
    const down = createStripeIssuingPrepaidCards({
      apiKey: stripe.apiKey,
      baseUrl: 'http://127.0.0.1:9/v1',
      timeoutMs: 500,
    });
    await expect(
      down.issue({ reference: randomUUID(), issuerCardholderId: holder, amountCents: 1_000 }),
    ).rejects.toMatchObject({ reason: 'network' });
  });

  it('activates an inactive card, and its balance is what is loaded less what was spent or held', async () => {
    const { card } = await issuedCard(10_000);
    expect(await issuer().card(card.issuerCardId)).toMatchObject({
      status: 'inactive',
      loadedCents: 10_000,
      balanceCents: 10_000,
    });
    expect(await issuer().activate(card.issuerCardId)).toMatchObject({ status: 'active' });
    expect(await issuer().activate(card.issuerCardId)).toMatchObject({ status: 'active' });
    stripe.spend(card.issuerCardId, 2_599);
    stripe.spend(card.issuerCardId, 1_000, { pending: true });
    expect(await issuer().card(card.issuerCardId)).toMatchObject({ balanceCents: 6_401 });
  });

  it('reads the number and CVC only when asked, and an error never quotes them', async () => {
    const { card } = await issuedCard(1_500);
    const secrets = await issuer().secrets(card.issuerCardId);
    const kept = stripe.cards.get(card.issuerCardId);
    expect(secrets).toEqual({
      number: kept?.number,
      cvc: kept?.cvc,
      expMonth: card.expMonth,
      expYear: card.expYear,
    });
    const error = await issuer()
      .secrets('ic_missing')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderHttpError);
    expect(String((error as Error).message)).not.toMatch(/\d{12,}/);
  });
});
