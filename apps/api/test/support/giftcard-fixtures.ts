import { expect } from 'vitest';
import type { GiftCardQuote } from '@refund/contracts/brands';
import type { Transaction } from '@refund/contracts/redemptions';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { mintWithdrawalCode } from './payout-fixtures';
import type { SignedIn } from './people';
import { call, type TestServer } from './test-server';

/** A price-locked quote for a card of `brandId`, as the customer asks for it. */
export async function quoteGiftCard(
  server: TestServer,
  person: SignedIn,
  brandId: string | undefined,
  cents: number,
): Promise<GiftCardQuote> {
  const response = await call(
    server.app,
    'POST',
    '/v1/giftcards/quotes',
    { brand_id: brandId, amount_in_cents: cents },
    { token: person.accessToken },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as GiftCardQuote;
}

/** POST /v1/redemptions buying with the quote, with a fresh passcode; the raw answer. */
export async function buyGiftCard(
  server: TestServer,
  person: SignedIn,
  quote: { quote_id: string; amount_in_cents: number },
  options: {
    key?: string;
    botToken?: string;
    mode?: 'giftcard' | 'earn_rewards';
    /** The passcode to send; a fresh one by default (a retry sends the first one again). */
    code?: { attempt_id: string; code: string };
  } = {},
) {
  const code = options.code ?? (await mintWithdrawalCode(server.database.db, person.phone));
  return call(
    server.app,
    'POST',
    '/v1/redemptions',
    {
      mode: options.mode ?? 'giftcard',
      payment_method_uuid: quote.quote_id,
      amount_in_cents: quote.amount_in_cents,
      bot_token: options.botToken ?? SANDBOX_PASSING_BOT_TOKEN,
      ...code,
    },
    {
      token: person.accessToken,
      headers: { 'idempotency-key': options.key ?? crypto.randomUUID() },
    },
  );
}

export async function transactionOf(
  server: TestServer,
  person: SignedIn,
  id: string,
): Promise<Transaction> {
  const response = await call(server.app, 'GET', `/v1/transactions/${id}`, undefined, {
    token: person.accessToken,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Transaction;
}

/** The transaction once it is no longer Pending (or as it is after 15 s). */
export async function settledTransaction(
  server: TestServer,
  person: SignedIn,
  id: string,
): Promise<Transaction> {
  let current = await transactionOf(server, person, id);
  for (let i = 0; i < 150 && current.status === 'Pending'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await transactionOf(server, person, id);
  }
  return current;
}
