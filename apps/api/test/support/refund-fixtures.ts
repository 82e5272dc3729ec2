import type { WalletBalance } from '@refund/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import type { Db } from '../../src/db/database';
import { checkLedger } from '../../src/features/ledger/ledger-check';
import { createMerchant, generateApiKey } from '../../src/features/merchants/merchant-keys';
import { readCode, signUpNewPerson, uniqueEmail, uniquePhone, type SignedIn } from './people';
import { call } from './test-server';

export interface TestMerchant {
  id: string;
  apiKey: string;
}

export async function newMerchant(
  db: Db,
  name = `Shop ${crypto.randomUUID().slice(0, 8)}`,
): Promise<TestMerchant> {
  const apiKey = generateApiKey('sandbox');
  const merchant = await createMerchant(db, name, apiKey);
  return { id: merchant.id, apiKey };
}

export interface RefundCustomer {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
}

export function refundCustomer(overrides: Partial<RefundCustomer> = {}): RefundCustomer {
  return {
    first_name: 'Casey',
    last_name: 'Lee',
    email: uniqueEmail(),
    phone_number: uniquePhone(),
    ...overrides,
  };
}

/**
 * A new customer with an account, and the customer a merchant's refund to them names: their own
 * phone and email, so the refund is theirs to claim.
 */
export async function accountHolder(
  app: FastifyInstance,
): Promise<SignedIn & { customer: RefundCustomer }> {
  const person = await signUpNewPerson(app);
  return {
    ...person,
    customer: refundCustomer({ phone_number: person.phone, email: person.email }),
  };
}

/** Claims a refund into the wallet of the signed-in customer whose access token this is. */
export const claimRefund = (app: FastifyInstance, refundId: string, token: string) =>
  call(app, 'POST', '/v1/customers/claim-refund', { refund_uuid: refundId }, { token });

export function refundBody(customer: RefundCustomer, overrides: Record<string, unknown> = {}) {
  return {
    customer,
    order_number: `ORD-${crypto.randomUUID().slice(0, 6)}`,
    description: 'Hiking boots',
    file_id: 'RMA-1001',
    returns: [{ amount_in_cents: 4599, description: 'Hiking boots' }],
    ...overrides,
  };
}

export async function createRefund(
  app: FastifyInstance,
  merchant: TestMerchant,
  body: Record<string, unknown>,
  key: string = crypto.randomUUID(),
) {
  const response = await call(app, 'POST', '/v1/merchant/refunds', body, {
    token: merchant.apiKey,
    headers: { 'idempotency-key': key },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    refund_uuid: string;
    claim_url: string;
    returns: { return_uuid: string }[];
  };
}

/** Proves the refund's phone (or email) with a one-time code, the way the claim page does. */
export async function verifyForClaim(
  app: FastifyInstance,
  refundId: string,
  channel: 'mobile' | 'email',
  destination: string,
  purpose: 'REFUND_CLAIM' | 'VERIFY_EMAIL' = 'REFUND_CLAIM',
  seen: string[] = [],
  /** The signed-in account, which an email verification (VERIFY_EMAIL) needs. */
  token: string | null = null,
): Promise<{ accessToken: string; code: string; attemptId: string }> {
  const started = await call(
    app,
    'POST',
    '/v1/customers/claim-refund/otp',
    { refund_uuid: refundId, channel, purpose, bot_token: SANDBOX_PASSING_BOT_TOKEN },
    { token },
  );
  expect(started.statusCode, started.body).toBe(200);
  const attemptId = started.json().attempt_id as string;
  const code = await readCode(app, destination, seen);
  const verified = await call(app, 'POST', '/v1/customers/claim-refund/verify', {
    attempt_id: attemptId,
    code,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return { accessToken: verified.json().access_token as string, code, attemptId };
}

export async function balanceOf(app: FastifyInstance, token: string) {
  const response = await call(app, 'GET', '/v1/wallet/balance', undefined, { token });
  expect(response.statusCode).toBe(200);
  return response.json() as WalletBalance;
}

export async function expectLedgerBalanced(db: Db): Promise<void> {
  const report = await checkLedger(db);
  expect(report).toMatchObject({ ok: true });
}
