import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../src/db/schema';
import { signUpNewPerson } from './support/people';
import {
  accountHolder,
  claimRefund,
  createRefund,
  newMerchant,
  refundBody,
  refundCustomer,
  verifyForClaim,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer();
  merchant = await newMerchant(server.database.db);
});
afterAll(() => server.close());

const get = (path: string, token: string) =>
  call(server.app, 'GET', `/v1${path}`, undefined, { token });
const claim = (id: string, token: string) => claimRefund(server.app, id, token);
const chooseOriginal = (id: string, token: string) =>
  call(server.app, 'POST', `/v1/customers/claim-refund/${id}/original-method`, undefined, {
    token,
  });

describe('refund history', () => {
  it('lists refunds sent back to the original payment method with their status, among claimed ones, newest first', async () => {
    const person = await accountHolder(server.app);
    const first = await createRefund(server.app, merchant, refundBody(person.customer));
    const second = await createRefund(
      server.app,
      merchant,
      refundBody(person.customer, { order_number: 'ORIG-1' }),
    );
    const third = await createRefund(server.app, merchant, refundBody(person.customer));
    expect((await claim(first.refund_uuid, person.accessToken)).statusCode).toBe(200);
    expect((await chooseOriginal(second.refund_uuid, person.accessToken)).statusCode).toBe(200);
    expect((await claim(third.refund_uuid, person.accessToken)).statusCode).toBe(200);

    const pages: { refund_uuid: string; status: string; wallet_credit_in_cents: number | null }[] =
      [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=1&cursor=${cursor}` : '?limit=1';
      const page = await get(`/refunds${query}`, person.accessToken);
      expect(page.statusCode).toBe(200);
      pages.push(...page.json().data);
      cursor = page.json().next_cursor;
    } while (cursor);
    expect(pages.map((r) => [r.refund_uuid, r.status])).toEqual([
      [third.refund_uuid, 'claimed'],
      [second.refund_uuid, 'original_method'],
      [first.refund_uuid, 'claimed'],
    ]);

    const detail = await get(`/refunds/${second.refund_uuid}`, person.accessToken);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      order_number: 'ORIG-1',
      status: 'original_method',
      claimed_at: null,
      original_method_at: expect.any(String),
      amount_in_cents: 4599,
      // Nothing of it entered the wallet.
      wallet_credit_in_cents: null,
    });
    expect(pages.map((r) => r.wallet_credit_in_cents)).toEqual([4599, null, 4599]);
    const stranger = await signUpNewPerson(server.app);
    expect((await get(`/refunds/${second.refund_uuid}`, stranger.accessToken)).statusCode).toBe(
      404,
    );
  });
});

describe('unclaimed refunds for home', () => {
  it('shows open refunds sent to the customer’s phone, until they are claimed or sent back', async () => {
    const person = await accountHolder(server.app);
    const other = await accountHolder(server.app);
    const waiting = await createRefund(server.app, merchant, refundBody(person.customer));
    const claimed = await createRefund(server.app, merchant, refundBody(person.customer));
    const sentBack = await createRefund(server.app, merchant, refundBody(person.customer));
    const expired = await createRefund(server.app, merchant, refundBody(person.customer));
    await createRefund(server.app, merchant, refundBody(other.customer));
    await claim(claimed.refund_uuid, person.accessToken);
    await chooseOriginal(sentBack.refund_uuid, person.accessToken);
    await server.database.db
      .update(refunds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refunds.id, expired.refund_uuid));

    const home = await get('/refunds/unclaimed', person.accessToken);
    expect(home.statusCode).toBe(200);
    expect(home.json()).toEqual({
      data: [
        {
          refund_uuid: waiting.refund_uuid,
          merchant_name: expect.stringMatching(/^Shop /),
          order_number: expect.any(String),
          amount_in_cents: 4599,
          expires_at: expect.any(String),
        },
      ],
    });
  });

  it('matches an email only once the customer verified it', async () => {
    const person = await signUpNewPerson(server.app);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ email: person.email, phone_number: null })),
    );
    const typedOnly = await signUpNewPerson(server.app, { email: person.email });
    expect((await get('/refunds/unclaimed', person.accessToken)).json()).toEqual({ data: [] });
    const { accessToken } = await verifyForClaim(
      server.app,
      refund.refund_uuid,
      'email',
      person.email,
      'VERIFY_EMAIL',
      [],
      person.accessToken,
    );
    expect(
      (await get('/refunds/unclaimed', accessToken))
        .json()
        .data.map((r: { refund_uuid: string }) => r.refund_uuid),
    ).toEqual([refund.refund_uuid]);
    expect((await get('/refunds/unclaimed', typedOnly.accessToken)).json()).toEqual({ data: [] });
  });

  it('needs a signed-in customer', async () => {
    expect((await call(server.app, 'GET', '/v1/refunds/unclaimed')).statusCode).toBe(401);
  });
});
