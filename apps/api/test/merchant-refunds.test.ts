import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../src/db/schema';
import { drainQueues, MESSAGE_QUEUE } from './support/job-drain';
import {
  createRefund,
  expectLedgerBalanced,
  newMerchant,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer();
  merchant = await newMerchant(server.database.db);
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

const post = (body: unknown, key: string | null, apiKey: string | null = merchant.apiKey) =>
  call(server.app, 'POST', '/v1/merchant/refunds', body, {
    token: apiKey,
    headers: key ? { 'idempotency-key': key } : {},
  });

async function refundRows(merchantId: string) {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(refunds)
    .where(eq(refunds.merchantId, merchantId));
  return row?.n ?? 0;
}

describe('merchant refunds', () => {
  it('creates a refund and sends the claim link by SMS and email', async () => {
    const customer = refundCustomer();
    const response = await post(
      refundBody(customer, {
        returns: [
          { amount_in_cents: 2500, description: 'Socks' },
          { amount_in_cents: 1999, description: 'Cap' },
        ],
      }),
      crypto.randomUUID(),
    );
    expect(response.statusCode).toBe(201);
    const refund = response.json();
    expect(refund).toMatchObject({
      status: 'pending',
      amount_in_cents: 4499,
      claim_url: `http://localhost:3000/claim/${refund.refund_uuid}`,
      customer: { email: customer.email, phone_number: customer.phone_number },
    });
    expect(refund.returns).toHaveLength(2);
    await expect
      .poll(
        async () =>
          (await call(server.app, 'GET', `/v1/sandbox/messages?to=${customer.phone_number}`)).json()
            .data,
        { timeout: 10_000 },
      )
      .toEqual([
        expect.objectContaining({
          channel: 'sms',
          body: expect.stringContaining(refund.claim_url),
        }),
      ]);
    await expect
      .poll(
        async () =>
          (
            await call(
              server.app,
              'GET',
              `/v1/sandbox/messages?to=${encodeURIComponent(customer.email)}`,
            )
          ).json().data,
        { timeout: 10_000 },
      )
      .toEqual([
        expect.objectContaining({ channel: 'email', body: expect.stringContaining('$44.99') }),
      ]);
  });

  it('the same idempotency key with the same body answers the same refund', async () => {
    const body = refundBody(refundCustomer());
    const key = crypto.randomUUID();
    const first = await post(body, key);
    const again = await post(body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().refund_uuid).toBe(first.json().refund_uuid);
  });

  it('the same idempotency key with a different body is refused with 422 and changes nothing', async () => {
    const key = crypto.randomUUID();
    const body = refundBody(refundCustomer());
    await post(body, key);
    const before = await refundRows(merchant.id);
    const changed = await post({ ...body, order_number: 'OTHER-1' }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code_description).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await refundRows(merchant.id)).toBe(before);
  });

  it('20 concurrent creates with one idempotency key make one refund and one claim message', async () => {
    const own = await newMerchant(server.database.db);
    const customer = refundCustomer();
    const body = refundBody(customer);
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post(body, key, own.apiKey)),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(19);
    expect(new Set(responses.map((r) => r.json().refund_uuid)).size).toBe(1);
    expect(await refundRows(own.id)).toBe(1);
    const inbox = async () =>
      (await call(server.app, 'GET', `/v1/sandbox/messages?to=${customer.phone_number}`)).json()
        .data as unknown[];
    await expect.poll(inbox, { timeout: 10_000 }).toHaveLength(1);
    // Every queued message has been sent before saying there is no second one.
    await drainQueues(server.database.db, [MESSAGE_QUEUE]);
    expect(await inbox()).toHaveLength(1);
  });

  it('needs an idempotency key', async () => {
    const response = await post(refundBody(refundCustomer()), null);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Idempotency-Key');
  });

  it('refuses a wrong or missing API key with 401', async () => {
    for (const apiKey of [null, 'sk_sandbox_not_a_real_key']) {
      const response = await post(refundBody(refundCustomer()), crypto.randomUUID(), apiKey);
      expect(response.statusCode).toBe(401);
      expect(response.json().code_description).toBe('UNAUTHORIZED');
    }
  });

  it.each([
    ['a zero amount', { returns: [{ amount_in_cents: 0, description: 'x' }] }],
    ['a negative amount', { returns: [{ amount_in_cents: -100, description: 'x' }] }],
    ['a fraction of a cent', { returns: [{ amount_in_cents: 10.5, description: 'x' }] }],
    ['an amount as text', { returns: [{ amount_in_cents: '1000', description: 'x' }] }],
    ['no returns', { returns: [] }],
    [
      'a hold larger than the amount',
      {
        returns: [
          {
            amount_in_cents: 100,
            description: 'x',
            state: 'awaiting_fraud_check',
            fraud_hold_amount_in_cents: 200,
            fraud_hold_expires_at: '2099-01-01T00:00:00Z',
          },
        ],
      },
    ],
    [
      'a fraud check without a hold',
      { returns: [{ amount_in_cents: 100, description: 'x', state: 'awaiting_fraud_check' }] },
    ],
    ['an expiry in the past', { expires_at: '2020-01-01T00:00:00Z' }],
    ['a bad email', { customer: refundCustomer({ email: 'nope' }) }],
    ['a bad phone', { customer: refundCustomer({ phone_number: '12345' }) }],
    ['an unknown file key', { logo_file_key: crypto.randomUUID() }],
  ])('refuses %s with a 4xx and creates nothing', async (_case, override) => {
    const before = await refundRows(merchant.id);
    const response = await post(
      { ...refundBody(refundCustomer()), ...override },
      crypto.randomUUID(),
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'code_description', 'message']);
    expect(await refundRows(merchant.id)).toBe(before);
  });

  it("never shows another merchant's refund", async () => {
    const refund = await createRefund(server.app, merchant, refundBody(refundCustomer()));
    const other = await newMerchant(server.database.db);
    for (const [method, url] of [
      ['GET', `/v1/merchant/refunds/${refund.refund_uuid}`],
      ['POST', `/v1/merchant/refunds/${refund.refund_uuid}/cancel`],
      [
        'POST',
        `/v1/merchant/refunds/${refund.refund_uuid}/returns/${refund.returns[0]?.return_uuid}/label-scanned`,
      ],
    ] as const) {
      const response = await call(server.app, method, url, undefined, { token: other.apiKey });
      expect(response.statusCode).toBe(404);
    }
    const own = await call(
      server.app,
      'GET',
      `/v1/merchant/refunds/${refund.refund_uuid}`,
      undefined,
      { token: merchant.apiKey },
    );
    expect(own.json().status).toBe('pending');
  });

  it('malformed refund ids are a 400', async () => {
    const response = await call(server.app, 'GET', '/v1/merchant/refunds/not-a-uuid', undefined, {
      token: merchant.apiKey,
    });
    expect(response.statusCode).toBe(400);
  });

  it('cancels an unclaimed refund; its link then answers the claim error', async () => {
    const refund = await createRefund(server.app, merchant, refundBody(refundCustomer()));
    const cancelled = await call(
      server.app,
      'POST',
      `/v1/merchant/refunds/${refund.refund_uuid}/cancel`,
      undefined,
      { token: merchant.apiKey },
    );
    expect(cancelled.json().status).toBe('cancelled');
    for (const url of [
      `/v1/customers/claim-refund/${refund.refund_uuid}`,
      `/v1/customers/claim-refund/next/${refund.refund_uuid}`,
    ]) {
      const response = await call(server.app, 'GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code_description).toBe('REFUND_NOT_CLAIMABLE');
    }
    const again = await call(
      server.app,
      'POST',
      `/v1/merchant/refunds/${refund.refund_uuid}/cancel`,
      undefined,
      { token: merchant.apiKey },
    );
    expect(again.statusCode).toBe(200);
  });
});
