import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import type { Profile } from '@refund/contracts/profile';
import { eq } from 'drizzle-orm';
import { auditEvents, users } from '../src/db/schema';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { addCard, fundedCustomer, mintWithdrawalCode } from './support/payout-fixtures';
import {
  contactChangePasscode,
  readCode,
  signInAgain,
  signUpForm,
  signUpNewPerson,
  uniqueEmail,
  uniquePhone,
  type SignedIn,
} from './support/people';
import {
  balanceOf,
  expectLedgerBalanced,
  newMerchant,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, type Method, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer();
  merchant = await newMerchant(server.database.db);
});
afterAll(() => server.close());

const as = (who: { accessToken: string }, method: Method, url: string, body?: unknown) =>
  call(server.app, method, `/v1${url}`, body, { token: who.accessToken });

async function messagesTo(to: string): Promise<{ body: string }[]> {
  const recipient = to.includes('@') ? encodeURIComponent(to) : to;
  const response = await call(server.app, 'GET', `/v1/sandbox/messages?to=${recipient}`);
  return (response.json() as { data: { body: string }[] }).data;
}

async function waitForLink(to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const message of await messagesTo(to)) {
      const token = /\/report-change\?id=([\w-]+)/.exec(message.body)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no report link reached ${to}`);
}

async function actions(userId: string): Promise<string[]> {
  const rows = await server.database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.userId, userId));
  return rows.map((row) => row.action);
}

const userIdOf = async (who: SignedIn) =>
  ((await as(who, 'GET', '/users/profile')).json() as Profile).user_uuid;

/** The phone number changes, with the owner's own codes: the current phone's, then the new one's. */
async function changePhone(who: SignedIn, newPhone: string): Promise<void> {
  const started = await as(who, 'POST', '/users/profile/phone', {
    phone_number: newPhone,
    passcode: await contactChangePasscode(server.app, who),
  });
  expect(started.statusCode, started.body).toBe(200);
  const verified = await as(who, 'POST', '/users/profile/phone/verify', {
    attempt_id: (started.json() as { attempt_id: string }).attempt_id,
    code: await readCode(server.app, newPhone),
  });
  expect(verified.statusCode, verified.body).toBe(200);
}

/** A debit payout of $10 with a freshly minted withdrawal passcode. */
async function withdraw(who: SignedIn) {
  const card = await addCard(server.app, who.accessToken, sandboxCards.visaDebit);
  return call(
    server.app,
    'POST',
    '/v1/redemptions',
    {
      mode: 'debit',
      payment_method_uuid: card,
      amount_in_cents: 1000,
      ...(await mintWithdrawalCode(server.database.db, who.phone)),
    },
    { token: who.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
}

describe('a change of contact needs a code texted to the current phone', () => {
  it('refuses a second session that has no such code, and sends nothing to the new contact', async () => {
    const victim = await signUpNewPerson(server.app);
    // All the thief holds: another session of the victim's account (a copied refresh cookie).
    const thief = await signInAgain(server.app, victim);
    const thiefPhone = uniquePhone();
    const thiefEmail = uniqueEmail();

    const bare = await as(thief, 'POST', '/users/profile/phone', { phone_number: thiefPhone });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });

    // The thief can ask for the code, but it goes to the victim's phone; a guess is refused.
    const asked = await as(thief, 'POST', '/users/profile/contact-change/otp');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ destination: `+1 xxx-xxx-${victim.phone.slice(-4)}` });
    const { attempt_id } = asked.json() as { attempt_id: string };
    const sent = await readCode(server.app, victim.phone);
    const guess = sent === '000000' ? '111111' : '000000';
    for (const [url, body] of [
      ['/users/profile/phone', { phone_number: thiefPhone }],
      ['/users/profile/email', { email: thiefEmail }],
    ] as const) {
      const refused = await as(thief, 'POST', url, {
        ...body,
        passcode: { attempt_id, code: guess },
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json()).toMatchObject({ code_description: 'INCORRECT_OTP' });
    }
    expect(await messagesTo(thiefPhone)).toEqual([]);
    expect(await messagesTo(thiefEmail)).toEqual([]);
    const profile = (await as(victim, 'GET', '/users/profile')).json() as Profile;
    expect(profile).toMatchObject({ phone_number: victim.phone, pending_email: null });
  });

  it("refuses a code for something else, another account's code, and a code used once", async () => {
    const person = await signUpNewPerson(server.app);
    const other = await signUpNewPerson(server.app);
    const newPhone = uniquePhone();

    const withdrawal = await mintWithdrawalCode(server.database.db, person.phone);
    const theirs = await contactChangePasscode(server.app, other);
    for (const passcode of [withdrawal, theirs]) {
      const refused = await as(person, 'POST', '/users/profile/phone', {
        phone_number: newPhone,
        passcode,
      });
      expect(refused.statusCode).toBe(400);
      // A code of another purpose is not a live contact-change code: it answers as expired.
      expect(['INCORRECT_OTP', 'OTP_EXPIRED']).toContain(refused.json().code_description);
    }

    const mine = await contactChangePasscode(server.app, person);
    const first = await as(person, 'POST', '/users/profile/email', {
      email: uniqueEmail(),
      passcode: mine,
    });
    expect(first.statusCode).toBe(202);
    const again = await as(person, 'POST', '/users/profile/phone', {
      phone_number: newPhone,
      passcode: mine,
    });
    expect(again.statusCode).toBe(400);
    expect(await messagesTo(newPhone)).toEqual([]);
    // The other account's code was not used up by the refused try: it still works for them.
    const own = await as(other, 'POST', '/users/profile/email', {
      email: uniqueEmail(),
      passcode: theirs,
    });
    expect(own.statusCode).toBe(202);
  });
});

describe('"This wasn\'t me" on the notice to the replaced contact', () => {
  it('puts the old phone back, signs every device out and pauses withdrawals until the owner signs in', async () => {
    const owner = await fundedCustomer(server.app, merchant, 5000);
    const userId = await userIdOf(owner);
    // Someone who held the unlocked phone for a minute moved the account to their number.
    const intruder = await signInAgain(server.app, owner);
    const intruderPhone = uniquePhone();
    await changePhone(intruder, intruderPhone);

    const token = await waitForLink(owner.phone);
    const shown = await call(server.app, 'GET', `/v1/users/contact-changes/${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      kind: 'phone',
      new_value: `+1 xxx-xxx-${intruderPhone.slice(-4)}`,
      reported: false,
    });
    expect(shown.body).not.toContain(intruderPhone);

    const reported = await call(server.app, 'POST', `/v1/users/contact-changes/${token}/report`);
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json()).toMatchObject({ contact_restored: true });
    // Choosing it again answers the same, and changes nothing more.
    const twice = await call(server.app, 'POST', `/v1/users/contact-changes/${token}/report`);
    expect(twice.json()).toMatchObject({ contact_restored: true });
    expect(
      (await call(server.app, 'GET', `/v1/users/contact-changes/${token}`)).json(),
    ).toMatchObject({ reported: true });

    // Every session ended, the intruder's too.
    expect((await as(intruder, 'GET', '/users/profile')).statusCode).toBe(401);
    expect((await as(owner, 'GET', '/users/profile')).statusCode).toBe(401);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ phoneNumber: owner.phone, withdrawalsPaused: 'until_sign_in' });

    // The intruder's number reaches no account any more; the owner's does, and resumes withdrawals.
    const back = await signInAgain(server.app, owner);
    expect(((await as(back, 'GET', '/users/profile')).json() as Profile).user_uuid).toBe(userId);
    const paid = await withdraw(back);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await actions(userId)).toEqual(
      expect.arrayContaining(['phone_changed', 'contact_change_reported', 'withdrawals_resumed']),
    );
    const refusedSignIn = await call(server.app, 'POST', '/v1/users/signin', {
      phone_number: intruderPhone,
      bot_token: SANDBOX_PASSING_BOT_TOKEN,
    });
    expect(refusedSignIn.statusCode).toBe(200);
    const codes = (await messagesTo(intruderPhone)).filter((m) => m.body.includes('code'));
    expect(codes).toHaveLength(1); // only the phone change's own code, no sign-in code
  });

  it('keeps withdrawals paused, even after a sign-in, when the old phone cannot be put back', async () => {
    const owner = await fundedCustomer(server.app, merchant, 5000);
    const userId = await userIdOf(owner);
    const intruderPhone = uniquePhone();
    await changePhone(owner, intruderPhone);
    const token = await waitForLink(owner.phone);
    // Meanwhile the freed number became someone else's account.
    const seen = (await messagesTo(owner.phone)).flatMap(
      (m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? [],
    );
    const signUp = await call(server.app, 'POST', '/v1/users/signup', {
      ...signUpForm(),
      phone_number: owner.phone,
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const signedUp = await call(server.app, 'POST', '/v1/users/verify', {
      attempt_id: (signUp.json() as { attempt_id: string }).attempt_id,
      code: await readCode(server.app, owner.phone, seen),
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);

    const reported = await call(server.app, 'POST', `/v1/users/contact-changes/${token}/report`);
    expect(reported.statusCode).toBe(200);
    expect(reported.json()).toMatchObject({ contact_restored: false });
    expect(reported.json().message).toContain('contact our support');

    const intruder = await signInAgain(server.app, { ...owner, phone: intruderPhone });
    const refused = await withdraw(intruder);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code_description: 'WITHDRAWALS_PAUSED' });
    expect((await balanceOf(server.app, intruder.accessToken)).available_in_cents).toBe(5000);
    await expectLedgerBalanced(server.database.db);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.withdrawalsPaused).toBe('until_support');
  });

  it('puts the old e-mail back, verified, after a change of e-mail', async () => {
    const owner = await signUpNewPerson(server.app);
    const newEmail = uniqueEmail();
    const asked = await as(owner, 'POST', '/users/profile/email', {
      email: newEmail,
      passcode: await contactChangePasscode(server.app, owner),
    });
    expect(asked.statusCode).toBe(202);
    const deadline = Date.now() + 10_000;
    let linkToken: string | undefined;
    while (!linkToken && Date.now() < deadline) {
      for (const m of await messagesTo(newEmail)) {
        linkToken ??= /\/intent\?id=([\w-]+)/.exec(m.body)?.[1];
      }
    }
    const opened = await call(
      server.app,
      'POST',
      `/v1/customers/profile/verify-email/${linkToken}`,
      undefined,
      { token: owner.accessToken },
    );
    expect(opened.statusCode, opened.body).toBe(200);

    const token = await waitForLink(owner.email);
    const shown = await call(server.app, 'GET', `/v1/users/contact-changes/${token}`);
    expect(shown.json()).toMatchObject({ kind: 'email', reported: false });
    expect(shown.body).not.toContain(newEmail);
    const reported = await call(server.app, 'POST', `/v1/users/contact-changes/${token}/report`);
    expect(reported.json()).toMatchObject({ contact_restored: true });
    const back = await signInAgain(server.app, owner);
    expect((await as(back, 'GET', '/users/profile')).json()).toMatchObject({
      email: owner.email,
      email_verified: true,
    });
  });

  it('answers 400 for an unknown or malformed link and changes nothing', async () => {
    for (const id of ['nope', 'x'.repeat(43)]) {
      const shown = await call(server.app, 'GET', `/v1/users/contact-changes/${id}`);
      expect(shown.statusCode).toBe(400);
      expect(shown.json()).toMatchObject({ code_description: 'CONTACT_CHANGE_LINK_INVALID' });
      const reported = await call(server.app, 'POST', `/v1/users/contact-changes/${id}/report`);
      expect(reported.statusCode).toBe(400);
    }
  });
});
