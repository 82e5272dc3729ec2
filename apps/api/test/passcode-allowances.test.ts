import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { otpSends } from '../src/db/schema';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import { readCode } from './support/people';
import type { TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/** The one address every request of this file comes from, as from one phone on one network. */
const IP = '203.0.113.77';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  // The product's own limits: the suite's default lifts the IP limit, this file restores it.
  server = await startTestServer({ OTP_SENDS_PER_IP_PER_HOUR: '20' });
  merchant = await newMerchant(server.database.db);
});
afterAll(() => server.close());

const signIn = (phone_number: string) =>
  call(
    server.app,
    'POST',
    '/v1/users/signin',
    { phone_number, bot_token: SANDBOX_PASSING_BOT_TOKEN },
    { ip: IP },
  );
const withdrawalCode = (token: string) =>
  call(server.app, 'POST', '/v1/redemptions/otp', undefined, { token, ip: IP });

/** Moves every send to `destination` back in time: the tests cannot wait an hour. */
const ageSends = (destination: string, minutes: number) =>
  server.database.db.execute(
    sql`update otp_sends set created_at = created_at - make_interval(mins => ${minutes})
        where destination = ${destination}`,
  );

describe('passcode allowances', () => {
  it('a customer making ten redemptions in an hour is never stopped, and can still sign in', async () => {
    const person = await fundedCustomer(server.app, merchant, 10_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    // The sign-up's code is already in the inbox: each withdrawal's is read as the next new one.
    const seen = [await readCode(server.app, person.phone)];
    for (let i = 0; i < 10; i += 1) {
      const started = await withdrawalCode(person.accessToken);
      expect(started.statusCode, started.body).toBe(200);
      const code = await readCode(server.app, person.phone, seen);
      seen.push(code);
      const redeemed = await call(
        server.app,
        'POST',
        '/v1/redemptions',
        {
          mode: 'debit',
          payment_method_uuid: card,
          amount_in_cents: 100,
          attempt_id: started.json().attempt_id,
          code,
        },
        {
          token: person.accessToken,
          ip: IP,
          headers: { 'idempotency-key': crypto.randomUUID() },
        },
      );
      expect(redeemed.statusCode, redeemed.body).toBe(201);
    }
    // Ten withdrawal codes used none of the sign-in allowance, nor the IP's.
    expect((await signIn(person.phone)).statusCode).toBe(200);
  });

  it('refuses the withdrawal code past its allowance, saying when to try again', async () => {
    const person = await fundedCustomer(server.app, merchant, 1_000);
    for (let i = 0; i < 30; i += 1) {
      expect((await withdrawalCode(person.accessToken)).statusCode).toBe(200);
    }
    const refused = await withdrawalCode(person.accessToken);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 2006,
      code_description: 'OTP_SEND_LIMIT',
      message: 'Too many codes requested. Try again in 60 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_590);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3_600);

    // 48 minutes on, the oldest counted code leaves the hour in 12.
    await ageSends(person.phone, 48);
    const later = await withdrawalCode(person.accessToken);
    expect(later.json().message).toBe('Too many codes requested. Try again in 12 minutes.');
    expect(Number(later.headers['retry-after'])).toBeGreaterThan(11 * 60);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(12 * 60);
    // Sign-in is a different allowance: it is not used up.
    expect((await signIn(person.phone)).statusCode).toBe(200);

    await ageSends(person.phone, 12);
    expect((await withdrawalCode(person.accessToken)).statusCode).toBe(200);
  });

  it('keeps the sign-in limit an attacker meets: five codes a number an hour', async () => {
    const person = await fundedCustomer(server.app, merchant, 1_000);
    // The sign-up's code was the first of five.
    for (let i = 0; i < 4; i += 1) expect((await signIn(person.phone)).statusCode).toBe(200);
    const refused = await signIn(person.phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many codes requested. Try again in 60 minutes.');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    // Nothing was counted for the refused request.
    const [counted] = await server.database.db
      .select({ n: count() })
      .from(otpSends)
      .where(eq(otpSends.destination, person.phone));
    expect(counted?.n).toBe(5);
  });

  it('never lets parallel requests squeeze past an allowance', async () => {
    const person = await fundedCustomer(server.app, merchant, 1_000);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => withdrawalCode(person.accessToken)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(30);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(10);
  });

  it('refuses a sixth change of e-mail in an hour, saying when to try again', async () => {
    const person = await fundedCustomer(server.app, merchant, 1_000);
    const changeEmail = async (n: number) =>
      call(
        server.app,
        'POST',
        '/v1/users/profile/email',
        {
          email: `new-${n}-${crypto.randomUUID()}@example.com`,
          // Minted: the codes texted for contact changes have an hourly allowance of their own.
          passcode: await mintWithdrawalCode(
            server.database.db,
            person.phone,
            '135790',
            'CONTACT_CHANGE',
          ),
        },
        { token: person.accessToken },
      );
    for (let n = 0; n < 5; n += 1) expect((await changeEmail(n)).statusCode).toBe(202);
    const refused = await changeEmail(5);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many e-mail changes requested. Try again in 60 minutes.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_590);
  });
});
