import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { recordPersonalData } from './run-logs';
import { call, refreshCookieFrom } from './test-server';

/**
 * A ten-digit US number no other test uses. Recorded for the end-of-run check that no phone
 * number reaches the logs.
 */
export function uniquePhone(): string {
  const phone = `${randomInt(2, 10)}${randomInt(0, 10 ** 9)
    .toString()
    .padStart(9, '0')}`;
  recordPersonalData(phone);
  return phone;
}

/** An e-mail address no other test uses; recorded like the phone numbers. */
export function uniqueEmail(): string {
  const email = `person.${crypto.randomUUID().slice(0, 12)}@example.com`;
  recordPersonalData(email);
  return email;
}

export function signUpForm(overrides: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  return {
    first_name: 'Jamie',
    last_name: "O'Neil",
    email: uniqueEmail(),
    phone_number: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
    date_of_birth: '1991-07-04',
    accepted_terms: true,
    bot_token: SANDBOX_PASSING_BOT_TOKEN,
    ...overrides,
  };
}

export const digits = (phone: string) => phone.replace(/\D/g, '');

/** Waits for the newest sandbox message to this number or email, other than `seen`, and reads its code. */
export async function readCode(
  app: FastifyInstance,
  to: string,
  seen: string[] = [],
): Promise<string> {
  const deadline = Date.now() + 10_000;
  const recipient = to.includes('@') ? encodeURIComponent(to) : digits(to);
  while (Date.now() < deadline) {
    const response = await call(app, 'GET', `/v1/sandbox/messages?to=${recipient}`);
    const newest = (response.json() as { data: { body: string }[] }).data.find((m) =>
      m.body.includes('verification code'),
    );
    const code = newest ? /\b(\d{6})\b/.exec(newest.body)?.[1] : undefined;
    if (code && !seen.includes(code)) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no code arrived');
}

export interface SignedIn {
  accessToken: string;
  cookie: string;
  phone: string;
  email: string;
}

/** Signs a new person up through the API, the way the web app does. */
export async function signUpNewPerson(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<SignedIn> {
  const form = signUpForm(overrides);
  const started = await call(app, 'POST', '/v1/users/signup', form);
  expect(started.statusCode).toBe(201);
  const { attempt_id } = started.json() as { attempt_id: string };
  const code = await readCode(app, form.phone_number);
  const verified = await call(app, 'POST', '/v1/users/verify', { attempt_id, code });
  expect(verified.statusCode).toBe(200);
  const cookie = refreshCookieFrom(verified);
  if (!cookie) throw new Error('no refresh cookie');
  return {
    accessToken: (verified.json() as { access_token: string }).access_token,
    cookie,
    phone: digits(form.phone_number),
    email: form.email,
  };
}

/**
 * A second session of the same account, as signing in on another device makes (with `headers`,
 * e.g. the device id that browser sends).
 */
export async function signInAgain(
  app: FastifyInstance,
  person: SignedIn,
  headers: Record<string, string> = {},
): Promise<SignedIn> {
  const earlier = await readCode(app, person.phone);
  const started = await call(
    app,
    'POST',
    '/v1/users/signin',
    { phone_number: person.phone, bot_token: SANDBOX_PASSING_BOT_TOKEN },
    { headers },
  );
  expect(started.statusCode, started.body).toBe(200);
  const code = await readCode(app, person.phone, [earlier]);
  const verified = await call(
    app,
    'POST',
    '/v1/users/verify',
    { attempt_id: (started.json() as { attempt_id: string }).attempt_id, code },
    { headers },
  );
  expect(verified.statusCode, verified.body).toBe(200);
  return {
    ...person,
    accessToken: (verified.json() as { access_token: string }).access_token,
    cookie: refreshCookieFrom(verified) ?? '',
  };
}

/** The codes already in this number's sandbox inbox, read at once. */
async function codesSent(app: FastifyInstance, phone: string): Promise<string[]> {
  const response = await call(app, 'GET', `/v1/sandbox/messages?to=${digits(phone)}`);
  return (response.json() as { data: { body: string }[] }).data.flatMap(
    (m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? [],
  );
}

/**
 * The passcode a change of e-mail or phone number needs: a code texted to the person's current
 * phone (POST /users/profile/contact-change/otp), read from the sandbox's messages.
 */
export async function contactChangePasscode(
  app: FastifyInstance,
  person: Pick<SignedIn, 'accessToken' | 'phone'>,
): Promise<{ attempt_id: string; code: string }> {
  const seen = await codesSent(app, person.phone);
  const started = await call(app, 'POST', '/v1/users/profile/contact-change/otp', undefined, {
    token: person.accessToken,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { attempt_id } = started.json() as { attempt_id: string };
  return { attempt_id, code: await readCode(app, person.phone, seen) };
}
