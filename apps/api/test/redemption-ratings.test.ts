import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redemptions } from '../src/db/schema';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import type { SignedIn } from './support/people';
import type { TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer();
  merchant = await newMerchant(server.database.db);
});
afterAll(() => server.close());

async function redeemed(): Promise<{ person: SignedIn; id: string; answer: unknown }> {
  const person = await fundedCustomer(server.app, merchant, 2_000);
  const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
  const otp = await mintWithdrawalCode(server.database.db, person.phone);
  const response = await call(
    server.app,
    'POST',
    '/v1/redemptions',
    { mode: 'debit', payment_method_uuid: card, amount_in_cents: 1_000, ...otp },
    { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
  expect(response.statusCode, response.body).toBe(201);
  return { person, id: response.json().transaction_id as string, answer: response.json() };
}

const rate = (id: string, body: unknown, token: string | null) =>
  call(server.app, 'POST', `/v1/transactions/${id}/rating`, body, { token });

const storedRating = async (id: string) =>
  (
    await server.database.db
      .select({ rating: redemptions.rating })
      .from(redemptions)
      .where(eq(redemptions.id, id))
  )[0]?.rating;

describe('rating a redemption', () => {
  it('answers 204; rating again replaces it; the transaction answer is unchanged', async () => {
    const { person, id, answer } = await redeemed();
    const first = await rate(id, { rating: 4 }, person.accessToken);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect(await storedRating(id)).toBe(4);

    expect((await rate(id, { rating: 2 }, person.accessToken)).statusCode).toBe(204);
    expect(await storedRating(id)).toBe(2);

    const detail = await call(server.app, 'GET', `/v1/transactions/${id}`, undefined, {
      token: person.accessToken,
    });
    expect(detail.json()).toEqual(answer);
  });

  it("someone else's or an unknown transaction answers 404 and keeps no rating", async () => {
    const { id } = await redeemed();
    const stranger = await fundedCustomer(server.app, merchant, 100);
    for (const target of [id, crypto.randomUUID()]) {
      const response = await rate(target, { rating: 5 }, stranger.accessToken);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 1006,
        code_description: 'NOT_FOUND',
        message: 'No transaction with this id.',
      });
    }
    expect(await storedRating(id)).toBeNull();
  });

  it.each([
    ['zero stars', { rating: 0 }, 'rating must be a whole number from 1 to 5'],
    ['six stars', { rating: 6 }, 'rating must be a whole number from 1 to 5'],
    ['half a star', { rating: 3.5 }, 'rating must be a whole number from 1 to 5'],
    ['a string', { rating: '5' }, 'rating must be a whole number from 1 to 5'],
    ['no rating', {}, 'rating'],
    ['an extra field', { rating: 5, comment: 'Great' }, 'comment'],
  ])('refuses %s with a 400 and keeps no rating', async (_case, body, message) => {
    const { person, id } = await redeemed();
    const response = await rate(id, body, person.accessToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    expect(response.json().message).toContain(message);
    expect(await storedRating(id)).toBeNull();
  });

  it('needs a signed-in customer and a transaction id that is a UUID', async () => {
    const { person, id } = await redeemed();
    const signedOut = await rate(id, { rating: 5 }, null);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ code_description: 'UNAUTHORIZED' });
    const notAnId = await rate('not-an-id', { rating: 5 }, person.accessToken);
    expect(notAnId.statusCode).toBe(400);
    expect(await storedRating(id)).toBeNull();
  });
});
