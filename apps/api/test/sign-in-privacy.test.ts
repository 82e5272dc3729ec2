import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { users } from '../src/db/schema';
import {
  digits,
  readCode,
  signUpForm,
  signUpNewPerson,
  uniqueEmail,
  uniquePhone,
} from './support/people';
import {
  createRefund,
  newMerchant,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/** ADR 0011: nothing about who has an account, or their contact details, for the asking. */

const LIMIT = 3;
let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer({
    OTP_SENDS_PER_PHONE_PER_HOUR: String(LIMIT),
  });
  merchant = await newMerchant(server.database.db);
});
afterAll(() => server.close());

let ipCounter = 0;
/** An address no other request of this file used, so the per-IP limit is each test's own. */
const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const signUp = (form: Record<string, unknown>, ip = freshIp()) =>
  call(server.app, 'POST', '/v1/users/signup', form, { ip });
const signIn = (phone: string, ip = freshIp()) =>
  call(
    server.app,
    'POST',
    '/v1/users/signin',
    { phone_number: phone, bot_token: SANDBOX_PASSING_BOT_TOKEN },
    { ip },
  );

/** An account whose email is verified (as if its magic link was opened). */
async function verifiedPerson() {
  const person = await signUpNewPerson(server.app, {});
  await server.database.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.phoneNumber, person.phone));
  return person;
}

describe('the claim link reveals no contact details', () => {
  it.each([
    ['ACCOUNT_SIGNUP', refundCustomer()],
    ['ADD_PHONE_NUMBER', refundCustomer({ phone_number: null })],
  ])('%s answers the phone and email masked', async (goto, customer) => {
    const refund = await createRefund(server.app, merchant, refundBody(customer));
    const step = await call(
      server.app,
      'GET',
      `/v1/customers/claim-refund/next/${refund.refund_uuid}`,
    );
    expect(step.json()).toEqual({
      goto,
      phone_number: customer.phone_number ? `+1 xxx-xxx-${customer.phone_number.slice(-4)}` : null,
      email: `${customer.email[0]}•••@example.com`,
    });
    expect(step.body).not.toContain(customer.email);
    if (customer.phone_number) expect(step.body).not.toContain(customer.phone_number);
  });

  it('ACCOUNT_VERIFICATION by a verified email answers it masked, and the code reaches the stored address', async () => {
    const person = await verifiedPerson();
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ email: person.email, phone_number: null })),
    );
    const step = await call(
      server.app,
      'GET',
      `/v1/customers/claim-refund/next/${refund.refund_uuid}`,
    );
    expect(step.json()).toEqual({
      goto: 'ACCOUNT_VERIFICATION',
      phone_number: null,
      email: `${person.email[0]}•••@example.com`,
    });
    // The client names only the refund and the channel; the code goes to the stored address.
    const started = await call(server.app, 'POST', '/v1/customers/claim-refund/otp', {
      refund_uuid: refund.refund_uuid,
      channel: 'email',
      bot_token: SANDBOX_PASSING_BOT_TOKEN,
    });
    expect(started.json()).toMatchObject({ destination: `${person.email[0]}•••@example.com` });
    expect(await readCode(server.app, person.email)).toMatch(/^\d{6}$/);
  });
});

describe('sign-up answers about existing accounts are limited like code sends', () => {
  it('per email: probing one verified email from many IPs and phones stops at the limit', async () => {
    const person = await verifiedPerson();
    const answers = [];
    for (let i = 0; i < LIMIT + 1; i += 1) {
      answers.push(await signUp(signUpForm({ email: person.email })));
    }
    // Its own sign-up counted once against the email within the hour.
    expect(answers.map((a) => a.json().code_description)).toEqual([
      ...Array(LIMIT - 1).fill('EMAIL_TAKEN'),
      'OTP_SEND_LIMIT',
      'OTP_SEND_LIMIT',
    ]);
    expect(answers.at(-1)?.statusCode).toBe(429);
  });

  it('per phone: probing one number from many IPs with many emails stops at the limit', async () => {
    const person = await signUpNewPerson(server.app);
    const answers = [];
    for (let i = 0; i < LIMIT + 1; i += 1) {
      answers.push(await signUp(signUpForm({ phone_number: person.phone })));
    }
    // The sign-up itself sent one code to this number within the hour.
    expect(answers.map((a) => a.json().code_description)).toEqual([
      ...Array(LIMIT - 1).fill('PHONE_TAKEN'),
      'OTP_SEND_LIMIT',
      'OTP_SEND_LIMIT',
    ]);
  });

  it('per IP: probing many accounts from one address stops at the limit', async () => {
    const strict = await startTestServer({
      OTP_SENDS_PER_PHONE_PER_HOUR: '100',
      OTP_SENDS_PER_IP_PER_HOUR: String(LIMIT),
    });
    try {
      // Every request of this test comes from addresses of its own: other files share the
      // database (PostgreSQL runs), and their requests count against their own addresses.
      const form = signUpForm();
      const started = await call(strict.app, 'POST', '/v1/users/signup', form, { ip: freshIp() });
      expect(started.statusCode).toBe(201);
      const verified = await call(strict.app, 'POST', '/v1/users/verify', {
        attempt_id: started.json().attempt_id,
        code: await readCode(strict.app, form.phone_number),
      });
      expect(verified.statusCode).toBe(200);
      const person = { phone: digits(form.phone_number) };
      const ip = freshIp();
      const answers = [];
      for (let i = 0; i < LIMIT + 1; i += 1) {
        const form = signUpForm({ phone_number: person.phone });
        answers.push(await call(strict.app, 'POST', '/v1/users/signup', form, { ip }));
      }
      expect(answers.map((a) => a.json().code_description)).toEqual([
        ...Array(LIMIT).fill('PHONE_TAKEN'),
        'OTP_SEND_LIMIT',
      ]);
    } finally {
      await strict.close();
    }
  });
});

describe('sign-in answers alike for numbers with and without an account', () => {
  it('same status and same shape, and nothing is sent to a number without an account', async () => {
    const known = await signUpNewPerson(server.app);
    const unknown = uniquePhone();
    const [a, b] = [await signIn(known.phone), await signIn(unknown)];
    expect(b.statusCode).toBe(a.statusCode);
    expect(Object.keys(b.json()).sort()).toEqual(Object.keys(a.json()).sort());
    const { attempt_id: _a, destination: destA, ...restA } = a.json();
    const { attempt_id: _b, destination: destB, ...restB } = b.json();
    expect(restB).toEqual(restA);
    expect(destA).toBe(`+1 xxx-xxx-${known.phone.slice(-4)}`);
    expect(destB).toBe(`+1 xxx-xxx-${unknown.slice(-4)}`);

    // Sign up with the unknown number afterwards: its code arrives, and it is the only message
    // the number ever got.
    const form = signUpForm({ phone_number: unknown, email: uniqueEmail() });
    expect((await signUp(form)).statusCode).toBe(201);
    await readCode(server.app, unknown);
    const inbox = await call(server.app, 'GET', `/v1/sandbox/messages?to=${digits(unknown)}`);
    expect(inbox.json().data).toHaveLength(1);
  });
});
