/**
 * A customer's other sessions end when they sign out of all other devices, and after any change
 * of phone or e-mail (ASVS V7): a copied session or refresh cookie stops working at once, for
 * reading and for refreshing, while the session that made the change stays signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactChangePasscode,
  readCode,
  signInAgain,
  signUpNewPerson,
  uniqueEmail,
  uniquePhone,
  type SignedIn,
} from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OTP_SENDS_PER_PHONE_PER_HOUR: '100' });
});
afterAll(() => server.close());

const anotherDevice = (person: SignedIn) => signInAgain(server.app, person);

const profileStatus = async (who: SignedIn) =>
  (await call(server.app, 'GET', '/v1/users/profile', undefined, { token: who.accessToken }))
    .statusCode;
const refreshStatus = async (who: SignedIn) =>
  (await call(server.app, 'POST', '/v1/users/refresh', undefined, { cookie: who.cookie }))
    .statusCode;

describe('signing out of all other devices', () => {
  it('ends every other session at once, keeps this one, and says how many it ended', async () => {
    const person = await signUpNewPerson(server.app);
    const laptop = await anotherDevice(person);
    const copied = await anotherDevice(person);
    expect(await profileStatus(copied)).toBe(200);

    const answer = await call(server.app, 'POST', '/v1/users/sessions/sign-out-others', undefined, {
      token: person.accessToken,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ signed_out: 2 });

    expect(await profileStatus(person)).toBe(200);
    for (const other of [laptop, copied]) {
      expect(await profileStatus(other)).toBe(401);
      expect(await refreshStatus(other)).toBe(401);
    }
    const activity = await call(server.app, 'GET', '/v1/users/security-activity', undefined, {
      token: person.accessToken,
    });
    expect(activity.json().data[0]).toMatchObject({ action: 'other_sessions_signed_out' });
    // Nothing else to end: none signed out, and no one may call it signed out.
    expect(
      (
        await call(server.app, 'POST', '/v1/users/sessions/sign-out-others', undefined, {
          token: person.accessToken,
        })
      ).json(),
    ).toEqual({ signed_out: 0 });
    expect((await call(server.app, 'POST', '/v1/users/sessions/sign-out-others')).statusCode).toBe(
      401,
    );
  });
});

describe('a change of contact', () => {
  it('of phone ends every other session of the account', async () => {
    const person = await signUpNewPerson(server.app);
    const other = await anotherDevice(person);
    const newPhone = uniquePhone();
    const started = await call(
      server.app,
      'POST',
      '/v1/users/profile/phone',
      { phone_number: newPhone, passcode: await contactChangePasscode(server.app, person) },
      { token: person.accessToken },
    );
    expect(started.statusCode, started.body).toBe(200);
    const verified = await call(
      server.app,
      'POST',
      '/v1/users/profile/phone/verify',
      { attempt_id: started.json().attempt_id, code: await readCode(server.app, newPhone) },
      { token: person.accessToken },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await profileStatus(person)).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect(await refreshStatus(other)).toBe(401);
  });

  it('of e-mail ends every other session once the new address is confirmed', async () => {
    const person = await signUpNewPerson(server.app);
    const other = await anotherDevice(person);
    const newEmail = uniqueEmail();
    const asked = await call(
      server.app,
      'POST',
      '/v1/users/profile/email',
      { email: newEmail, passcode: await contactChangePasscode(server.app, person) },
      { token: person.accessToken },
    );
    expect(asked.statusCode).toBe(202);
    // Asking changes nothing yet.
    expect(await profileStatus(other)).toBe(200);
    let token = '';
    await expect
      .poll(async () => {
        const inbox = await call(
          server.app,
          'GET',
          `/v1/sandbox/messages?to=${encodeURIComponent(newEmail)}`,
        );
        const body = (inbox.json().data as { body: string }[])[0]?.body ?? '';
        token = /\/intent\?id=([\w-]+)/.exec(body)?.[1] ?? '';
        return token;
      })
      .not.toBe('');
    const confirmed = await call(
      server.app,
      'POST',
      `/v1/customers/profile/verify-email/${token}`,
      undefined,
      { token: person.accessToken },
    );
    expect(confirmed.json()).toEqual({ message: 'Your e-mail address has been changed.' });
    expect(await profileStatus(person)).toBe(200);
    expect(await profileStatus(other)).toBe(401);
  });
});
