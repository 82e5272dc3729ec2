import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_FAILING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { users } from '../src/db/schema';
import { drainQueues, MESSAGE_QUEUE } from './support/job-drain';
import { digits, readCode, signUpForm, signUpNewPerson } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const profileOf = (token: string) =>
  call(server.app, 'GET', '/v1/users/profile', undefined, { token });

describe('sign-up', () => {
  it('creates the account once the SMS code is verified, and signs the person in', async () => {
    const form = signUpForm();
    const started = await call(server.app, 'POST', '/v1/users/signup', form);
    expect(started.statusCode).toBe(201);
    const challenge = started.json();
    expect(challenge).toMatchObject({
      channel: 'sms',
      destination: `+1 xxx-xxx-${digits(form.phone_number).slice(-4)}`,
      expires_in_seconds: 300,
      resend_available_in_seconds: 60,
    });

    const code = await readCode(server.app, form.phone_number);
    const verified = await call(server.app, 'POST', '/v1/users/verify', {
      attempt_id: challenge.attempt_id,
      code,
    });
    expect(verified.statusCode).toBe(200);
    const { access_token, access_token_expiry_in_seconds } = verified.json();
    expect(access_token_expiry_in_seconds).toBe(900);
    const cookie = verified.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/v1/users', sameSite: 'Lax' });

    const profile = await profileOf(access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      first_name: 'Jamie',
      last_name: "O'Neil",
      email: form.email,
      phone_number: digits(form.phone_number),
      date_of_birth: '1991-07-04',
      address: [],
      email_verified: false,
    });
  });

  it('starts every new wallet at zero', async () => {
    const person = await signUpNewPerson(server.app);
    const balance = await call(server.app, 'GET', '/v1/wallet/balance', undefined, {
      token: person.accessToken,
    });
    expect(balance.json()).toEqual({
      available_in_cents: 0,
      pending_in_cents: 0,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 0,
    });
  });

  it('creates no account until the code is verified', async () => {
    const form = signUpForm();
    await call(server.app, 'POST', '/v1/users/signup', form);
    // The same details can start again: nothing was taken by the unverified attempt.
    const again = await call(server.app, 'POST', '/v1/users/signup', form);
    expect(again.statusCode).toBe(201);
  });

  it('refuses a phone number that already has an account', async () => {
    const person = await signUpNewPerson(server.app);
    const response = await call(
      server.app,
      'POST',
      '/v1/users/signup',
      signUpForm({ phone_number: person.phone }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 2007,
      code_description: 'PHONE_TAKEN',
      message: 'An account with this phone number already exists. Please sign in.',
    });
  });

  it('refuses an email that an account has verified, whatever its case (ADR 0011)', async () => {
    const person = await signUpNewPerson(server.app);
    // Only typed, the email blocks no one: its owner may sign up with it.
    const unproven = await call(
      server.app,
      'POST',
      '/v1/users/signup',
      signUpForm({ email: person.email }),
    );
    expect(unproven.statusCode).toBe(201);
    await server.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.phoneNumber, person.phone));
    const response = await call(
      server.app,
      'POST',
      '/v1/users/signup',
      signUpForm({ email: person.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().code_description).toBe('EMAIL_TAKEN');
  });

  it('refuses a second verification of a sign-up whose phone was taken in the meantime', async () => {
    const form = signUpForm();
    const first = (await call(server.app, 'POST', '/v1/users/signup', form)).json();
    const firstCode = await readCode(server.app, form.phone_number);
    const second = (
      await call(server.app, 'POST', '/v1/users/signup', { ...form, email: `x.${form.email}` })
    ).json();
    const secondCode = await readCode(server.app, form.phone_number, [firstCode]);
    const winner = await call(server.app, 'POST', '/v1/users/verify', {
      attempt_id: first.attempt_id,
      code: firstCode,
    });
    expect(winner.statusCode).toBe(200);
    const loser = await call(server.app, 'POST', '/v1/users/verify', {
      attempt_id: second.attempt_id,
      code: secondCode,
    });
    expect(loser.statusCode).toBe(409);
    expect(loser.json().code_description).toBe('PHONE_TAKEN');
  });

  it.each([
    ['DOB missing', { date_of_birth: '' }, 'DOB is required'],
    ['DOB not a date', { date_of_birth: '1990-02-30' }, 'Date of birth invalid'],
    [
      'under 18',
      { date_of_birth: `${new Date().getFullYear() - 17}-01-01` },
      'Age must be above 18 years.',
    ],
    [
      'terms not accepted',
      { accepted_terms: false },
      'You must accept the terms of service and privacy agreement',
    ],
    ['phone too short', { phone_number: '555-0143' }, 'Enter a valid 10-digit US phone number'],
    ['bad email', { email: 'jamie@' }, 'Enter a valid email address'],
    ['no first name', { first_name: '  ' }, 'First name is required'],
    [
      'digits in a name',
      { last_name: 'R2D2' },
      'Last name can contain letters, spaces, hyphens and apostrophes only',
    ],
  ])('answers 400 for %s, and nothing is sent', async (_case, override, message) => {
    const form = signUpForm(override);
    const response = await call(server.app, 'POST', '/v1/users/signup', form);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 1001, code_description: 'VALIDATION_FAILED' });
    expect(response.json().message).toContain(message);
    await drainQueues(server.database.db, [MESSAGE_QUEUE]);
    const inbox = await call(
      server.app,
      'GET',
      `/v1/sandbox/messages?to=${digits(signUpForm().phone_number)}`,
    );
    expect(inbox.json().data).toEqual([]);
  });

  it('refuses a request the bot check fails', async () => {
    const form = signUpForm({ bot_token: SANDBOX_FAILING_BOT_TOKEN });
    const response = await call(server.app, 'POST', '/v1/users/signup', form);
    expect(response.statusCode).toBe(403);
    expect(response.json().code_description).toBe('BOT_CHECK_FAILED');
    await drainQueues(server.database.db, [MESSAGE_QUEUE]);
    const inbox = await call(
      server.app,
      'GET',
      `/v1/sandbox/messages?to=${digits(form.phone_number)}`,
    );
    expect(inbox.json().data).toEqual([]);
  });
});
