import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { type SignedIn } from './support/people';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import { createRefund, refundBody, refundCustomer } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * List cursors come back from the client, so they are read as strictly as any other input. A
 * crafted one used to reach the database (a year it cannot store, an id that is not a uuid) and
 * answer 500; it is a 400 in the error shape, and the cursors the API gives out still page.
 */

let server: TestServer;
let person: SignedIn;

const id = '7f0c2a4e-3b1d-4c5e-9f6a-1b2c3d4e5f60';
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  server = await startTestServer();
  const merchant = await newMerchant(server.database.db);
  person = await fundedCustomer(server.app, merchant, 3_000);
  // A second refund and three redemptions, so both lists have more than one page.
  const second = await createRefund(
    server.app,
    merchant,
    refundBody(refundCustomer({ phone_number: person.phone, email: person.email })),
  );
  const claimed = await call(
    server.app,
    'POST',
    '/v1/customers/claim-refund',
    { refund_uuid: second.refund_uuid },
    { token: person.accessToken },
  );
  expect(claimed.statusCode).toBe(200);
  const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
  for (let i = 0; i < 3; i += 1) {
    const otp = await mintWithdrawalCode(server.database.db, person.phone);
    const redeemed = await call(
      server.app,
      'POST',
      '/v1/redemptions',
      { mode: 'debit', payment_method_uuid: card, amount_in_cents: 500, ...otp },
      { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(redeemed.statusCode, redeemed.body).toBe(201);
  }
});
afterAll(() => server.close());

const list = (path: string, cursor: string, limit = 1) =>
  call(
    server.app,
    'GET',
    `${path}?limit=${limit}&cursor=${encodeURIComponent(cursor)}`,
    undefined,
    { token: person.accessToken },
  );

const crafted: [string, string][] = [
  ['year 0000', cursorOf(['0000-01-01T00:00:00.000Z', id])],
  ['year +275760', cursorOf(['+275760-09-13T00:00:00.000Z', id])],
  ['year -271821', cursorOf(['-271821-04-20T00:00:00.000Z', id])],
  ['31 February', cursorOf(['2026-02-31T00:00:00.000Z', id])],
  ['an id of 36 dashes', cursorOf(['2026-01-01T00:00:00.000Z', '-'.repeat(36)])],
  ['an id of 36 letters', cursorOf(['2026-01-01T00:00:00.000Z', 'f'.repeat(36)])],
  ['a number for the id', cursorOf(['2026-01-01T00:00:00.000Z', 42])],
  ['an extra element', cursorOf(['2026-01-01T00:00:00.000Z', id, 'more'])],
  ['garbage after valid base64url', `${cursorOf(['2026-01-01T00:00:00.000Z', id])}!!`],
  ['not JSON', Buffer.from('{{{').toString('base64url')],
];

describe.each(['/v1/transactions', '/v1/refunds'])('%s', (path) => {
  it.each(crafted)('a cursor with %s is a 400 in the error shape', async (_case, cursor) => {
    const response = await list(path, cursor);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      code: 1001,
      code_description: 'VALIDATION_FAILED',
      message: 'cursor: not a cursor this API gave out',
    });
  });

  it('the cursors it gives out page through everything once', async () => {
    const first = await call(server.app, 'GET', `${path}?limit=1`, undefined, {
      token: person.accessToken,
    });
    expect(first.statusCode).toBe(200);
    const seen: string[] = [];
    let page = first.json() as { data: Record<string, string>[]; next_cursor: string | null };
    for (;;) {
      seen.push(...page.data.map((item) => item.transaction_id ?? item.refund_uuid ?? ''));
      if (!page.next_cursor) break;
      const next = await list(path, page.next_cursor);
      expect(next.statusCode, next.body).toBe(200);
      page = next.json() as typeof page;
    }
    expect(seen.length).toBe(path === '/v1/transactions' ? 3 : 2);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
