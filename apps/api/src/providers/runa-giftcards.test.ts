import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunaGiftCardIssuer } from './runa-giftcards';
import { ProviderHttpError } from './vendor-http';
import { startRunaStub, type RunaStub } from './testing/runa-stub';

let runa: RunaStub;
beforeAll(async () => {
  runa = await startRunaStub({ completeAfterMs: 150 });
});
afterAll(() => runa.close());

const issuer = () =>
  createRunaGiftCardIssuer({ apiKey: runa.apiKey, baseUrl: `${runa.url}/v2`, timeoutMs: 2_000 });

describe('the Runa gift card issuer, against a local stand-in of its API', () => {
  it('maps the catalog: amounts in cents, the discount, our categories, our own art', async () => {
    const brands = await issuer().catalog();
    expect(brands.map((b) => b.providerBrandId)).toEqual(['COFFEE-US', 'STREAM-US', 'FAIL-US']);
    const [coffee, stream, refused] = brands;
    expect(coffee).toMatchObject({
      name: 'Corner Coffee',
      categories: ['dining'],
      denominations: { type: 'open', minCents: 500, maxCents: 20_000, wholeDollars: false },
      discountBps: 800,
      state: 'live',
      // Each card's expiry comes with its link.
      expiry: { type: 'with_card' },
    });
    expect(coffee?.artwork.monogram).toBe('CC');
    expect(JSON.stringify(brands)).not.toContain('cdn.runa.example');
    expect(stream).toMatchObject({
      denominations: { type: 'fixed', valuesCents: [1_500, 3_000] },
      discountBps: 500,
      state: 'temporarily_unavailable',
    });
    expect(refused?.categories).toEqual([]);
    const request = runa.requests.find((r) => r.path.startsWith('/v2/product'));
    expect(request?.headers['x-api-key']).toBe(runa.apiKey);
    expect(request?.headers['x-api-version']).toBe('2024-02-05');
  });

  it('orders once per reference, asynchronously, and finds the card when it is completed', async () => {
    const reference = crypto.randomUUID();
    const order = { reference, providerBrandId: 'COFFEE-US', amountCents: 2_550 };
    const placed = await issuer().order(order);
    expect(placed).toMatchObject({ status: 'processing' });
    expect(await issuer().order(order)).toEqual(placed);
    expect(runa.orders.size).toBe(1);
    const sent = runa.requests.find((r) => r.method === 'POST');
    expect(sent?.headers['x-idempotency-key']).toBe(reference);
    expect(sent?.headers['x-execution-mode']).toBe('async');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      payment_method: { type: 'ACCOUNT_BALANCE', currency: 'USD' },
      items: [{ face_value: 25.5, products: { type: 'SINGLE', value: 'COFFEE-US' } }],
    });
    if (placed.status !== 'processing') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const done = await issuer().orderStatus(placed.issuerOrderId);
    expect(done).toMatchObject({
      status: 'issued',
      issuerOrderId: placed.issuerOrderId,
      credentials: {
        url: `https://link.runa.example/p/${placed.issuerOrderId}`,
        expiresAt: '2031-01-01T00:00:00Z',
        pin: null,
        // The order answer has no barcode: none is drawn rather than one in a guessed format.
        barcode: null,
        barcodeFormat: null,
      },
    });
  });

  it('fails an order Runa refuses; an outage or a bad key is an error to retry, not a failure', async () => {
    const refused = await issuer().order({
      reference: crypto.randomUUID(),
      providerBrandId: 'FAIL-US',
      amountCents: 1_000,
    });
    expect(refused).toEqual({
      status: 'failed',
      reason: 'The gift card issuer refused the order.',
    });
    runa.failNext(503);
    await expect(
      issuer().order({
        reference: crypto.randomUUID(),
        providerBrandId: 'COFFEE-US',
        amountCents: 1_000,
      }),
    ).rejects.toBeInstanceOf(ProviderHttpError);
    const wrongKey = createRunaGiftCardIssuer({ apiKey: 'nope', baseUrl: `${runa.url}/v2` });
    await expect(wrongKey.catalog()).rejects.toThrow('runa: HTTP 401');
  });
});
