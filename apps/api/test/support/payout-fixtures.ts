import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import { otpAttempts, users } from '../../src/db/schema';
import { hashOtpCode } from '../../src/features/auth/otp-code';
import { signUpNewPerson, type SignedIn } from './people';
import {
  createRefund,
  newMerchant,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './refund-fixtures';
import { call, TEST_OTP_SECRET, type TestServer } from './test-server';

/** A signed-in customer whose wallet holds `cents`, claimed from a merchant's refund. */
export async function fundedCustomer(
  app: FastifyInstance,
  merchant: TestMerchant,
  cents: number,
): Promise<SignedIn> {
  const person = await signUpNewPerson(app);
  await giveAddress(app, person.accessToken);
  const refund = await createRefund(
    app,
    merchant,
    refundBody(refundCustomer({ phone_number: person.phone, email: person.email }), {
      returns: [{ amount_in_cents: cents, description: 'Returned item' }],
    }),
  );
  const claimed = await call(
    app,
    'POST',
    '/v1/customers/claim-refund',
    { refund_uuid: refund.refund_uuid },
    { token: person.accessToken },
  );
  expect(claimed.statusCode).toBe(200);
  return person;
}

export { newMerchant };

export async function giveAddress(app: FastifyInstance, token: string): Promise<void> {
  const response = await call(
    app,
    'PUT',
    '/v1/users/profile/address',
    { line_1: '12 Harbor Road', city: 'Portland', state: 'me', zipcode: '04101' },
    { token },
  );
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * A withdrawal passcode (or one of `purpose`) minted directly, for tests that need many at once
 * (each real one is an SMS). The code is the one given; the attempt belongs to the person.
 */
export async function mintWithdrawalCode(
  db: Db,
  phone: string,
  code = '246810',
  purpose: 'WITHDRAWAL' | 'CONTACT_CHANGE' = 'WITHDRAWAL',
): Promise<{ attempt_id: string; code: string }> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone));
  if (!user) throw new Error('no such user');
  const id = crypto.randomUUID();
  await db.insert(otpAttempts).values({
    id,
    purpose,
    channel: 'sms',
    destination: phone,
    userId: user.id,
    codeHash: hashOtpCode(TEST_OTP_SECRET, id, code),
    codeExpiresAt: new Date(Date.now() + 300_000),
    resendAvailableAt: new Date(Date.now() + 60_000),
  });
  return { attempt_id: id, code };
}

export async function addCard(
  app: FastifyInstance,
  token: string,
  cardNumber: string,
): Promise<string> {
  const response = await call(
    app,
    'POST',
    '/v1/cards',
    { card_number: cardNumber, expiry: '12/30', cvv: '123', name_on_card: 'Pat Doe' },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().card_uuid as string;
}

/**
 * A funded customer redeems all of `cents` to a payment method of theirs, added by `addMethod`,
 * through the API as the app does; answers the created transaction's id and readers of its
 * details and of the customer's sandbox messages.
 */
export async function redeemAll(
  world: { server: TestServer; merchant: TestMerchant },
  cents: number,
  mode: 'debit' | 'bank',
  addMethod: (token: string) => Promise<string>,
) {
  const { app, database } = world.server;
  const person = await fundedCustomer(app, world.merchant, cents);
  const method = await addMethod(person.accessToken);
  const otp = await mintWithdrawalCode(database.db, person.phone);
  const response = await call(
    app,
    'POST',
    '/v1/redemptions',
    { mode, payment_method_uuid: method, amount_in_cents: cents, ...otp },
    { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().transaction_id as string;
  const detail = async () =>
    (
      await call(app, 'GET', `/v1/transactions/${id}`, undefined, { token: person.accessToken })
    ).json() as Record<string, unknown>;
  const messages = async () =>
    (await call(app, 'GET', `/v1/sandbox/messages?to=${person.phone}`)).json().data as {
      body: string;
    }[];
  return { person, response, id, detail, messages };
}
