import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Transaction } from '@refund/contracts/redemptions';
import { claimWithToken, createRefund } from './claims';
import { apiAccessToken, createAccount, currentCodes, readCode, type Person } from './people';

/** The sandbox's magic debit card numbers: the payout's outcome follows from the number. */
export const SANDBOX_CARDS = {
  /** Visa debit; payouts succeed. */
  succeeds: '4000056655665556',
  /** Visa debit; payouts are declined by the issuer (the redemption ends Failed). */
  declined: '4000000000000002',
  /** Mastercard debit; payouts succeed. */
  mastercard: '5200828282828210',
} as const;

/** A signed-up customer with money in the wallet and an API session of their own. */
export interface FundedCustomer {
  person: Person;
  /** Bearer token for API calls made on the customer's behalf. */
  accessToken: string;
  /** What the claimed refund put into the available balance. */
  balanceInCents: number;
}

export interface AddedCard {
  card_uuid: string;
  brand: 'visa' | 'mastercard';
  last4: string;
}

const bearer = (customer: { accessToken: string }) => ({
  Authorization: `Bearer ${customer.accessToken}`,
});

/**
 * Signs up a new customer and funds the wallet by claiming a refund the sandbox merchant
 * approved for them (available at once). Leaves an API session open for further fixtures.
 */
export async function fundedCustomer(
  request: APIRequestContext,
  options: { amountInCents?: number } = {},
): Promise<FundedCustomer> {
  const amountInCents = options.amountInCents ?? 20_000;
  const person = await createAccount(request);
  const refund = await createRefund(request, person, {
    returns: [{ amount_in_cents: amountInCents, description: 'Trail running shoes' }],
  });
  const accessToken = await apiAccessToken(request, person);
  await claimWithToken(request, accessToken, refund.refund_uuid);
  return { person, accessToken, balanceInCents: amountInCents };
}

/** Sets the customer's primary (billing) address, which a debit card needs. */
export async function setBillingAddress(
  request: APIRequestContext,
  customer: FundedCustomer,
): Promise<void> {
  const response = await request.put('/v1/users/profile/address', {
    headers: bearer(customer),
    data: {
      line_1: '200 Lakeshore Drive',
      line_2: 'Apt 4',
      city: 'Chicago',
      state: 'IL',
      zipcode: '60601',
    },
  });
  expect(response.status()).toBe(200);
}

/** An expiry two years ahead, 'MM/YY'. */
function futureExpiry(): string {
  const at = new Date();
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  const year = String((at.getUTCFullYear() + 2) % 100).padStart(2, '0');
  return `${month}/${year}`;
}

/** Adds a sandbox debit card (setting a billing address first). */
export async function addDebitCard(
  request: APIRequestContext,
  customer: FundedCustomer,
  cardNumber: string = SANDBOX_CARDS.succeeds,
): Promise<AddedCard> {
  await setBillingAddress(request, customer);
  const response = await request.post('/v1/cards', {
    headers: bearer(customer),
    data: {
      card_number: cardNumber,
      expiry: futureExpiry(),
      cvv: '123',
      name_on_card: `${customer.person.firstName} ${customer.person.lastName}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AddedCard;
}

/**
 * Posts a redemption the way the app does: asks for the withdrawal code, reads it from the
 * sandbox SMS inbox, then posts `redemption` with the code and a fresh Idempotency-Key. Answers
 * the transaction.
 */
export async function postRedemption(
  request: APIRequestContext,
  customer: FundedCustomer,
  redemption: {
    mode: string;
    payment_method_uuid: string;
    amount_in_cents: number;
    bot_token?: string;
  },
): Promise<Transaction> {
  const seen = await currentCodes(request, customer.person.phone);
  const otp = await request.post('/v1/redemptions/otp', { headers: bearer(customer) });
  expect(otp.status(), await otp.text()).toBe(200);
  const { attempt_id } = (await otp.json()) as { attempt_id: string };
  const code = await readCode(request, customer.person.phone, seen);
  const response = await request.post('/v1/redemptions', {
    headers: { ...bearer(customer), 'Idempotency-Key': randomUUID() },
    data: { ...redemption, attempt_id, code },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Transaction;
}

/** Redeems to a debit card; a card payout's outcome is already in the answer. */
export function redeemThroughApi(
  request: APIRequestContext,
  customer: FundedCustomer,
  options: { cardUuid: string; amountInCents: number },
): Promise<Transaction> {
  return postRedemption(request, customer, {
    mode: 'debit',
    payment_method_uuid: options.cardUuid,
    amount_in_cents: options.amountInCents,
  });
}

/**
 * The transaction once its payout has an outcome (Successful or Failed). A card push that got
 * no answer stays Pending until the provider's answer is looked up, so this polls.
 */
export async function settledTransaction(
  request: APIRequestContext,
  customer: FundedCustomer,
  transactionId: string,
  options: { timeoutMs?: number } = {},
): Promise<Transaction> {
  let transaction: Transaction | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/v1/transactions/${transactionId}`, {
          headers: bearer(customer),
        });
        expect(response.status()).toBe(200);
        transaction = (await response.json()) as Transaction;
        return transaction.status;
      },
      { timeout: options.timeoutMs ?? 20_000, intervals: [200, 500, 1_000] },
    )
    .not.toBe('Pending');
  return transaction as Transaction;
}
