/**
 * Customers who redeem, as the redemption benchmarks make them (bench/redemptions.ts against one
 * server, bench/cluster.ts through HAProxy): their money, card and passcodes come through the API,
 * the passcodes read from the sandbox's texts as a customer reads them on their phone.
 */
import { and, asc, eq, gte, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../src/db/database';
import { otpAttempts, otpSends, sandboxMessages } from '../src/db/schema';
import { resultRows } from '../src/db/statement';
import { hashOtpCode } from '../src/features/auth/otp-code';
import { createMerchant, generateApiKey } from '../src/features/merchants/merchant-keys';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { seedBenchCustomers } from './bench-customers';
import type { LoadResult } from './http-load';
import { BENCH_SECRETS } from './server-process';
import { runWrkLoad } from './wrk-load';

/** What each redemption takes from the balance. */
export const AMOUNT_CENTS = 100;

/** A customer the benchmarks redeem for: signed in, with money and a debit card. */
export interface RedeemingCustomer {
  userId: string;
  phone: string;
  token: string;
  card: string;
  codes: { attempt_id: string; code: string }[];
}

/**
 * Redemptions of AMOUNT_CENTS to each customer's debit card, from wrk at `connections` at a time,
 * for `seconds`, with up to `codesEach` unused passcodes of each customer.
 */
export function redemptionLoad(
  origin: string,
  customers: RedeemingCustomer[],
  seconds: number,
  codesEach: number,
  connections: number,
): Promise<LoadResult> {
  return runWrkLoad({
    origin,
    path: '/v1/redemptions',
    seconds,
    connections,
    customers: customers.map((c) => ({
      token: c.token,
      bodies: c.codes.splice(0, codesEach).map((code) =>
        JSON.stringify({
          mode: 'debit',
          payment_method_uuid: c.card,
          amount_in_cents: AMOUNT_CENTS,
          attempt_id: code.attempt_id,
          code: code.code,
        }),
      ),
    })),
  });
}

export async function inBatches<T, R>(
  items: T[],
  size: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    const batch = items.slice(i, i + size);
    results.push(...(await Promise.all(batch.map((item, j) => work(item, i + j)))));
  }
  return results;
}

export async function api(
  origin: string,
  path: string,
  token: string,
  body?: unknown,
  method?: string,
) {
  const response = await fetch(`${origin}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * `count` customers with money: accounts and sessions made directly (seedBenchCustomers), the
 * money arriving the way it does in production, a merchant's refund of `centsFor(i)` claimed by
 * customer `i` through the API. Orders are numbered `<orderPrefix>-<i>`.
 */
export async function fundBenchCustomers(
  origin: string,
  db: Db,
  count: number,
  centsFor: (i: number) => number,
  orderPrefix = 'BENCH',
): Promise<{ userId: string; phone: string; token: string }[]> {
  const apiKey = generateApiKey('sandbox');
  await createMerchant(db, 'Bench merchant', apiKey);
  const seeded = await seedBenchCustomers(db, count);
  return inBatches(seeded, 25, async ({ id, phone, token }, i) => {
    const refund = await api(origin, '/v1/merchant/refunds', apiKey, {
      customer: {
        first_name: 'Bench',
        last_name: `Customer ${i}`,
        email: `bench.${i}@example.com`,
        phone_number: phone,
      },
      order_number: `${orderPrefix}-${i}`,
      description: 'Benchmark refund',
      returns: [{ amount_in_cents: centsFor(i), description: 'Returned item' }],
    });
    await api(origin, '/v1/customers/claim-refund', token, { refund_uuid: refund.refund_uuid });
    return { userId: id, phone, token };
  });
}

/** Funded customers (fundBenchCustomers) with an address and a debit card added through the API. */
export async function setUpCustomers(
  origin: string,
  db: Db,
  count: number,
  /** How much customer `i` gets refunded. */
  centsFor: (i: number) => number,
): Promise<RedeemingCustomer[]> {
  const funded = await fundBenchCustomers(origin, db, count, centsFor);
  return inBatches(funded, 25, async ({ userId, phone, token }) => {
    const address = { line_1: '12 Harbor Road', city: 'Portland', state: 'ME', zipcode: '04101' };
    await api(origin, '/v1/users/profile/address', token, address, 'PUT');
    const card = await api(origin, '/v1/cards', token, {
      card_number: sandboxCards.visaDebit,
      expiry: '12/30',
      cvv: '123',
      name_on_card: 'Bench Customer',
    });
    return { userId, phone, token, card: String(card.card_uuid), codes: [] };
  });
}

/**
 * Each customer asks for `each` withdrawal passcodes through the API, as the app does before a
 * redemption (wrk, `connections` at a time); each code is then read from the sandbox's outbox, as the
 * customer reads it on their phone, and kept with the attempt it belongs to (the attempt ids are
 * read from the database: the API answered each to its request, which wrk does not keep). A
 * code belongs to the attempt whose stored hash it makes.
 */
export async function askForCodes(
  origin: string,
  db: Db,
  customers: RedeemingCustomer[],
  each: number,
  connections: number,
): Promise<LoadResult> {
  const [{ since } = { since: '' }] = resultRows<{ since: string }>(
    await db.execute(sql`select now()::text as since`),
  );
  const result = await runWrkLoad({
    origin,
    path: '/v1/redemptions/otp',
    seconds: 600,
    connections,
    customers: customers.map((c) => ({ token: c.token, bodies: Array<string>(each).fill('') })),
  });
  if (result.failed > 0) {
    throw new Error(`${result.failed} passcode requests failed ${JSON.stringify(result.statuses)}`);
  }
  const attempts = await db
    .select({ id: otpAttempts.id, userId: otpAttempts.userId, codeHash: otpAttempts.codeHash })
    .from(otpAttempts)
    .where(
      and(
        inArray(
          otpAttempts.userId,
          customers.map((c) => c.userId),
        ),
        eq(otpAttempts.purpose, 'WITHDRAWAL'),
        gte(otpAttempts.createdAt, new Date(since)),
      ),
    )
    .orderBy(asc(otpAttempts.createdAt), asc(otpAttempts.id));
  const phones = customers.map((c) => c.phone);
  const sent = () =>
    db
      .select({ to: sandboxMessages.to, body: sandboxMessages.body })
      .from(sandboxMessages)
      .where(
        and(
          inArray(sandboxMessages.to, phones),
          gte(sandboxMessages.createdAt, new Date(since)),
          // Only the passcodes: the phones also get other texts (a refund claimed, a payout).
          like(sandboxMessages.body, '% verification code.%'),
        ),
      )
      .orderBy(asc(sandboxMessages.createdAt), asc(sandboxMessages.id));
  const deadline = Date.now() + 300_000;
  let messages = await sent();
  while (messages.length < attempts.length) {
    if (Date.now() > deadline) {
      throw new Error(`${messages.length} of ${attempts.length} passcodes texted in 5 minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    messages = await sent();
  }
  const codesTo = new Map<string, string[]>();
  for (const message of messages) {
    const code = /^(\d{6}) /.exec(message.body)?.[1];
    if (!code) continue;
    const codes = codesTo.get(message.to);
    if (codes) codes.push(code);
    else codesTo.set(message.to, [code]);
  }
  const byUser = new Map(customers.map((c) => [c.userId, c]));
  for (const attempt of attempts) {
    const customer = byUser.get(attempt.userId ?? '');
    const codes = codesTo.get(customer?.phone ?? '') ?? [];
    // Texts arrive nearly in the order they were asked for: look near the front first.
    const at = codes.findIndex(
      (code) => hashOtpCode(BENCH_SECRETS.OTP_SECRET, attempt.id, code) === attempt.codeHash,
    );
    if (!customer || at < 0) throw new Error(`no text carries the code of attempt ${attempt.id}`);
    customer.codes.push({ attempt_id: attempt.id, code: codes[at] as string });
    codes.splice(at, 1);
  }
  return result;
}

/** The hour's count of passcodes sent starts again, as if an hour had passed. */
export async function forgetTheHoursSends(db: Db) {
  await db.delete(otpSends);
}
