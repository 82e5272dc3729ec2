import { and, asc, eq } from 'drizzle-orm';
import type { Profile } from '@refund/contracts/profile';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { hashDeviceId } from '../src/features/auth/audit';
import {
  contactChangePasscode,
  readCode,
  signUpNewPerson,
  uniqueEmail,
  uniquePhone,
} from './support/people';
import { call, startTestServer, type Method, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DEVICE = 'profile-edits-device-0001';

async function customer() {
  const person = await signUpNewPerson(server.app);
  const as = (method: Method, url: string, body?: unknown) =>
    call(server.app, method, `/v1${url}`, body, {
      token: person.accessToken,
      headers: { 'x-device-id': DEVICE },
    });
  const profile = async () => (await as('GET', '/users/profile')).json() as Profile;
  const passcode = () => contactChangePasscode(server.app, person);
  return { ...person, as, profile, passcode };
}

type Customer = Awaited<ReturnType<typeof customer>>;

/** A passcode of the right shape that was never sent: for requests refused before it is read. */
const unspent = () => ({ attempt_id: crypto.randomUUID(), code: '000000' });

async function auditOf(person: Customer) {
  const { user_uuid } = await person.profile();
  return server.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.userId, user_uuid))
    .orderBy(asc(auditEvents.createdAt));
}

async function auditActions(person: Customer, action: string) {
  return (await auditOf(person)).filter((event) => event.action === action);
}

interface Message {
  to: string;
  body: string;
}

/** The sandbox messages to this phone number or e-mail, newest first. */
async function inbox(to: string): Promise<Message[]> {
  const response = await call(
    server.app,
    'GET',
    `/v1/sandbox/messages?to=${encodeURIComponent(to)}`,
  );
  return (response.json() as { data: Message[] }).data;
}

async function waitFor<T>(read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('nothing arrived');
}

/** The newest magic-link token sent to this address, other than `seen`. */
async function linkTokenFor(email: string, seen: string[] = []): Promise<string> {
  return waitFor(async () => {
    for (const message of await inbox(email)) {
      const token = /\/intent\?id=([\w-]+)/.exec(message.body)?.[1];
      if (token && !seen.includes(token)) return token;
    }
    return undefined;
  });
}

/** Confirms the e-mail link signed in as `who`, the account that asked for it (ADR 0011). */
const openLink = (token: string, who: { accessToken: string }) =>
  call(server.app, 'POST', `/v1/customers/profile/verify-email/${token}`, undefined, {
    token: who.accessToken,
    headers: { 'x-device-id': DEVICE },
  });

const address = {
  line_1: '1 Main St',
  line_2: null,
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
};

describe('names and date of birth', () => {
  it('changes them, trimmed, and audits only the fields that changed', async () => {
    const person = await customer();
    const changed = await person.as('PUT', '/users/profile', {
      first_name: '  Maria José ',
      date_of_birth: '1980-02-29',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      first_name: 'Maria José',
      last_name: "O'Neil",
      date_of_birth: '1980-02-29',
    });
    expect(await person.profile()).toMatchObject({ first_name: 'Maria José' });
    const names = await auditActions(person, 'name_changed');
    expect(names.map((e) => e.fields)).toEqual([['first_name']]);
    expect(names[0]?.deviceHash).toBe(hashDeviceId(DEVICE));
    expect(names[0]?.sessionId).not.toBeNull();
    expect((await auditActions(person, 'date_of_birth_changed')).map((e) => e.fields)).toEqual([
      ['date_of_birth'],
    ]);
    expect(JSON.stringify(await auditOf(person))).not.toContain('Maria');

    // The same values again change nothing and record nothing.
    const again = await person.as('PUT', '/users/profile', {
      first_name: 'Maria José',
      date_of_birth: '1980-02-29',
    });
    expect(again.statusCode).toBe(200);
    expect(await auditActions(person, 'name_changed')).toHaveLength(1);
  });

  it('takes every name sign-up takes: hyphens, apostrophes, dots', async () => {
    const person = await customer();
    const changed = await person.as('PUT', '/users/profile', {
      first_name: 'Anne-Marie',
      last_name: "O'Neil St. John",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await person.profile()).toMatchObject({
      first_name: 'Anne-Marie',
      last_name: "O'Neil St. John",
    });
  });

  it.each([
    [
      { first_name: 'R2D2' },
      'First name can contain letters, spaces, hyphens and apostrophes only',
    ],
    [{ last_name: '   ' }, 'Last name is required'],
    [{ last_name: 'x'.repeat(51) }, 'Last name is too long'],
    [{ date_of_birth: '' }, 'DOB is required'],
    [{ date_of_birth: '2020-01-01' }, 'Age must be above 18 years.'],
    [{ date_of_birth: '1990-02-30' }, 'Date of birth invalid'],
    [{}, 'Send first_name, last_name or date_of_birth'],
    [{ email: 'a@b.co' }, ''],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const person = await customer();
    const before = await person.profile();
    const refused = await person.as('PUT', '/users/profile', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 1001, code_description: 'VALIDATION_FAILED' });
    expect((refused.json() as { message: string }).message).toContain(message);
    expect(await person.profile()).toEqual(before);
    expect(await auditActions(person, 'name_changed')).toHaveLength(0);
  });
});

describe('addresses', () => {
  it('adds, edits, makes primary and removes, each audited by field name', async () => {
    const person = await customer();
    const first = await person.as('POST', '/users/profile/addresses', address);
    expect(first.statusCode).toBe(201);
    const [home] = (first.json() as Profile).address;
    expect(home).toMatchObject({ ...address, is_primary: true });

    const second = await person.as('POST', '/users/profile/addresses', {
      ...address,
      line_1: '9 Oak Ave',
      line_2: 'Apt 4',
    });
    const work = (second.json() as Profile).address[1];
    expect(work).toMatchObject({ line_1: '9 Oak Ave', is_primary: false });

    const edited = await person.as('PUT', `/users/profile/addresses/${work?.id}`, {
      ...address,
      line_1: '10 Oak Ave',
      line_2: 'Apt 4',
      zipcode: '78702',
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Profile).address[1]).toMatchObject({
      line_1: '10 Oak Ave',
      zipcode: '78702',
    });
    expect((await auditActions(person, 'address_updated')).map((e) => e.fields)).toEqual([
      ['line_1', 'zipcode'],
    ]);

    const primary = await person.as('PUT', `/users/profile/addresses/${work?.id}/primary`);
    expect((primary.json() as Profile).address.map((a) => a.is_primary)).toEqual([false, true]);

    // Removing the primary makes the oldest remaining one primary.
    const removed = await person.as('DELETE', `/users/profile/addresses/${work?.id}`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Profile).address).toEqual([{ ...home, is_primary: true }]);

    const actions = (await auditOf(person)).map((e) => e.action);
    expect(actions.filter((a) => a.startsWith('address_') || a.startsWith('primary_'))).toEqual([
      'address_added',
      'address_added',
      'address_updated',
      'primary_address_changed',
      'address_removed',
      'primary_address_changed',
    ]);
    expect((await auditActions(person, 'address_added'))[1]?.fields).toEqual([
      'line_1',
      'line_2',
      'city',
      'state',
      'zipcode',
    ]);
  });

  it('refuses a zip of 4 digits and an unknown state with 400, adding nothing', async () => {
    const person = await customer();
    for (const body of [
      { ...address, zipcode: '7870' },
      { ...address, state: 'XX' },
      { ...address, line_1: '' },
    ]) {
      const refused = await person.as('POST', '/users/profile/addresses', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    }
    expect((await person.profile()).address).toEqual([]);
  });

  it('keeps one primary under ten parallel make-primary requests', async () => {
    const person = await customer();
    for (let i = 0; i < 10; i += 1) {
      await person.as('POST', '/users/profile/addresses', { ...address, line_1: `${i} Elm St` });
    }
    const ids = (await person.profile()).address.map((a) => a.id);
    const answers = await Promise.all(
      ids.map((id) => person.as('PUT', `/users/profile/addresses/${id}/primary`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    const after = await person.profile();
    expect(after.address.filter((a) => a.is_primary)).toHaveLength(1);
  });

  it('caps the address book at 10, also under parallel adds', async () => {
    const person = await customer();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        person.as('POST', '/users/profile/addresses', { ...address, line_1: `${i} Pine St` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code_description: 'ADDRESS_LIMIT_REACHED' });
    const after = await person.profile();
    expect(after.address).toHaveLength(10);
    expect(after.address.filter((a) => a.is_primary)).toHaveLength(1);
  });

  it("answers 404 for another customer's address and changes nothing", async () => {
    const owner = await customer();
    const other = await customer();
    await owner.as('POST', '/users/profile/addresses', address);
    const before = await owner.profile();
    const id = before.address[0]?.id;
    for (const [method, url, body] of [
      ['PUT', `/users/profile/addresses/${id}`, { ...address, city: 'Dallas' }],
      ['PUT', `/users/profile/addresses/${id}/primary`, undefined],
      ['DELETE', `/users/profile/addresses/${id}`, undefined],
    ] as const) {
      const refused = await other.as(method, url, body);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code_description: 'NOT_FOUND' });
    }
    expect(await owner.profile()).toEqual(before);
  });

  it('keeps the billing-address route working: it sets a new primary', async () => {
    const person = await customer();
    await person.as('POST', '/users/profile/addresses', address);
    const set = await person.as('PUT', '/users/profile/address', { ...address, city: 'Dallas' });
    expect(set.statusCode).toBe(200);
    expect((set.json() as Profile).address.map((a) => [a.city, a.is_primary])).toEqual([
      ['Austin', false],
      ['Dallas', true],
    ]);
  });
});

describe('e-mail change', () => {
  it('stays pending until the link is opened, then applies and tells the old address', async () => {
    const person = await customer();
    const newEmail = uniqueEmail();
    const asked = await person.as('POST', '/users/profile/email', {
      email: newEmail.toUpperCase(),
      passcode: await person.passcode(),
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ email: person.email, pending_email: newEmail });
    expect(await person.profile()).toMatchObject({ email: person.email, pending_email: newEmail });
    expect((await auditActions(person, 'email_change_requested'))[0]?.fields).toEqual(['email']);

    const token = await linkTokenFor(newEmail);
    const opened = await openLink(token, person);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: 'Your e-mail address has been changed.' });
    expect(await person.profile()).toMatchObject({
      email: newEmail,
      email_verified: true,
      pending_email: null,
    });
    const changed = await auditActions(person, 'email_changed');
    expect(changed.map((e) => e.fields)).toEqual([['email']]);
    expect(changed[0]?.deviceHash).toBe(hashDeviceId(DEVICE));
    const notice = await waitFor(async () =>
      (await inbox(person.email)).find((m) => m.body.includes('was changed to')),
    );
    expect(notice.body).toContain(`${newEmail.slice(0, 1)}•••@example.com`);
    expect(notice.body).not.toContain(newEmail);

    // The link is single use.
    expect((await openLink(token, person)).json()).toMatchObject({
      code_description: 'EMAIL_LINK_INVALID',
    });
  });

  it('supersedes an older pending link with a newer request', async () => {
    const person = await customer();
    const first = uniqueEmail();
    const second = uniqueEmail();
    await person.as('POST', '/users/profile/email', {
      email: first,
      passcode: await person.passcode(),
    });
    const firstToken = await linkTokenFor(first);
    await person.as('POST', '/users/profile/email', {
      email: second,
      passcode: await person.passcode(),
    });
    expect(await person.profile()).toMatchObject({ pending_email: second });
    const stale = await openLink(firstToken, person);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code_description: 'EMAIL_LINK_INVALID' });
    expect(await person.profile()).toMatchObject({ email: person.email });
    expect((await openLink(await linkTokenFor(second), person)).statusCode).toBe(200);
    expect(await person.profile()).toMatchObject({ email: second, email_verified: true });
  });

  it('fails clearly when another account verified the address meanwhile', async () => {
    const person = await customer();
    const contested = uniqueEmail();
    await person.as('POST', '/users/profile/email', {
      email: contested,
      passcode: await person.passcode(),
    });
    const token = await linkTokenFor(contested);
    const rival = await customer();
    await rival.as('POST', '/users/profile/email', {
      email: contested,
      passcode: await rival.passcode(),
    });
    const rivalToken = await linkTokenFor(contested, [token]);
    expect((await openLink(rivalToken, rival)).statusCode).toBe(200);

    const late = await openLink(token, person);
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect(late.statusCode).toBeLessThan(500);
    expect((late.json() as { message: string }).message).toMatch(
      /invalid|belongs to another account/,
    );
    expect(await person.profile()).toMatchObject({ email: person.email });
  });

  it('refuses the current address, a verified address of another account and a bad one', async () => {
    const person = await customer();
    const same = await person.as('POST', '/users/profile/email', {
      email: person.email,
      passcode: unspent(),
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code_description: 'EMAIL_UNCHANGED' });

    const other = await customer();
    const taken = uniqueEmail();
    await other.as('POST', '/users/profile/email', {
      email: taken,
      passcode: await other.passcode(),
    });
    await openLink(await linkTokenFor(taken), other);
    const refused = await person.as('POST', '/users/profile/email', {
      email: taken,
      passcode: await person.passcode(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code_description: 'EMAIL_TAKEN' });

    const bad = await person.as('POST', '/users/profile/email', {
      email: 'not-an-email',
      passcode: unspent(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringContaining('valid email') });
    expect(await person.profile()).toMatchObject({ email: person.email, pending_email: null });
  });
});

describe('phone change', () => {
  it('changes the number with the code sent to it and tells the old number', async () => {
    const person = await customer();
    const newPhone = uniquePhone();
    const typed = `+1 ${newPhone.slice(0, 3)} ${newPhone.slice(3, 6)} ${newPhone.slice(6)}`;
    const started = await person.as('POST', '/users/profile/phone', {
      phone_number: typed,
      passcode: await person.passcode(),
    });
    expect(started.statusCode).toBe(200);
    const challenge = started.json() as { attempt_id: string; destination: string };
    expect(challenge.destination).toBe(`+1 xxx-xxx-${newPhone.slice(-4)}`);
    expect(await person.profile()).toMatchObject({ phone_number: person.phone });

    const wrong = await person.as('POST', '/users/profile/phone/verify', {
      attempt_id: challenge.attempt_id,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Incorrect one time passcode' });

    const code = await readCode(server.app, newPhone);
    const verified = await person.as('POST', '/users/profile/phone/verify', {
      attempt_id: challenge.attempt_id,
      code,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ phone_number: newPhone });
    const audited = await auditActions(person, 'phone_changed');
    expect(audited.map((e) => e.fields)).toEqual([['phone_number']]);
    expect(audited[0]?.deviceHash).toBe(hashDeviceId(DEVICE));

    const notice = await waitFor(async () =>
      (await inbox(person.phone)).find((m) => m.body.includes('phone number on your')),
    );
    expect(notice.body).toContain(newPhone.slice(-4));
    expect(notice.body).not.toContain(newPhone);
    expect(notice.body).not.toContain(code);

    // Signing in with the new number reaches the account.
    const signIn = await call(server.app, 'POST', '/v1/users/signin', {
      phone_number: newPhone,
      bot_token: SANDBOX_PASSING_BOT_TOKEN,
    });
    const signInCode = await readCode(server.app, newPhone, [code]);
    const signedIn = await call(server.app, 'POST', '/v1/users/verify', {
      attempt_id: (signIn.json() as { attempt_id: string }).attempt_id,
      code: signInCode,
    });
    expect(signedIn.statusCode).toBe(200);
    const token = (signedIn.json() as { access_token: string }).access_token;
    const mine = await call(server.app, 'GET', '/v1/users/profile', undefined, { token });
    expect(mine.json()).toMatchObject({ user_uuid: (await person.profile()).user_uuid });
  });

  it('answers 409 for a number another account has, when sending and when verifying', async () => {
    const person = await customer();
    const other = await customer();
    const refused = await person.as('POST', '/users/profile/phone', {
      phone_number: other.phone,
      passcode: await person.passcode(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code_description: 'PHONE_TAKEN' });

    // Both ask for the same free number; the first to verify gets it.
    const contested = uniquePhone();
    const mine = (
      await person.as('POST', '/users/profile/phone', {
        phone_number: contested,
        passcode: await person.passcode(),
      })
    ).json() as { attempt_id: string };
    const myCode = await readCode(server.app, contested);
    const theirs = (
      await other.as('POST', '/users/profile/phone', {
        phone_number: contested,
        passcode: await other.passcode(),
      })
    ).json() as { attempt_id: string };
    const theirCode = await readCode(server.app, contested, [myCode]);
    const won = await other.as('POST', '/users/profile/phone/verify', {
      attempt_id: theirs.attempt_id,
      code: theirCode,
    });
    expect(won.statusCode).toBe(200);
    const lost = await person.as('POST', '/users/profile/phone/verify', {
      attempt_id: mine.attempt_id,
      code: myCode,
    });
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({ code_description: 'PHONE_TAKEN' });
    expect(await person.profile()).toMatchObject({ phone_number: person.phone });
  });

  it("refuses another customer's attempt, to verify and to resend", async () => {
    const person = await customer();
    const intruder = await customer();
    const newPhone = uniquePhone();
    const started = (
      await person.as('POST', '/users/profile/phone', {
        phone_number: newPhone,
        passcode: await person.passcode(),
      })
    ).json() as { attempt_id: string };
    const code = await readCode(server.app, newPhone);
    const stolen = await intruder.as('POST', '/users/profile/phone/verify', {
      attempt_id: started.attempt_id,
      code,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ message: 'Incorrect one time passcode' });
    const resent = await intruder.as('POST', '/users/profile/phone/resend', {
      attempt_id: started.attempt_id,
    });
    expect(resent.statusCode).toBe(404);
    expect(await intruder.profile()).toMatchObject({ phone_number: intruder.phone });
    // The owner's code still works: the intruder's try used nothing up.
    const own = await person.as('POST', '/users/profile/phone/verify', {
      attempt_id: started.attempt_id,
      code,
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses the current number and numbers that are not US numbers', async () => {
    const person = await customer();
    const same = await person.as('POST', '/users/profile/phone', {
      phone_number: `1-${person.phone.slice(0, 3)}-${person.phone.slice(3, 6)}-${person.phone.slice(6)}`,
      passcode: unspent(),
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code_description: 'PHONE_UNCHANGED' });
    for (const phone_number of ['202555014', '+44 20 7946 0958', 'two oh two']) {
      const bad = await person.as('POST', '/users/profile/phone', {
        phone_number,
        passcode: unspent(),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    }
  });
});

describe('who may edit', () => {
  it('answers 401 without a session, for every edit', async () => {
    for (const [method, url] of [
      ['PUT', '/v1/users/profile'],
      ['POST', '/v1/users/profile/addresses'],
      ['PUT', `/v1/users/profile/addresses/${crypto.randomUUID()}`],
      ['DELETE', `/v1/users/profile/addresses/${crypto.randomUUID()}`],
      ['POST', '/v1/users/profile/contact-change/otp'],
      ['POST', '/v1/users/profile/email'],
      ['POST', '/v1/users/profile/phone'],
      ['POST', '/v1/users/profile/phone/verify'],
    ] as const) {
      const answer = await call(server.app, method, url, { first_name: 'Eve' });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code_description: 'UNAUTHORIZED' });
    }
  });

  it("never reads or changes another customer's profile", async () => {
    const a = await customer();
    const b = await customer();
    const bBefore = await b.profile();
    await a.as('PUT', '/users/profile', { first_name: 'Alice' });
    expect(await b.profile()).toEqual(bBefore);
    expect((await a.profile()).user_uuid).not.toBe(bBefore.user_uuid);
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.userId, bBefore.user_uuid), eq(auditEvents.action, 'name_changed')),
      );
    expect(audit).toEqual([]);
  });
});
