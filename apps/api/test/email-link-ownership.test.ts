/**
 * ADR 0011: opening an e-mail link never gives its address to an account other than the one
 * whose owner confirms it. The two ways an attacker used a genuine link (a change of e-mail to
 * the victim's address, a sign-up with it) and the honest paths (the owner's own link on
 * another device, an expired link, a link used twice).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications } from '../src/db/schema';
import {
  contactChangePasscode,
  signInAgain,
  signUpNewPerson,
  uniqueEmail,
  type SignedIn,
} from './support/people';
import {
  createRefund,
  newMerchant,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer({ OTP_SENDS_PER_PHONE_PER_HOUR: '100' });
  merchant = await newMerchant(server.database.db);
});
afterAll(() => server.close());

const link = (token: string, suffix = '') => `/v1/customers/profile/verify-email/${token}${suffix}`;
const confirm = (token: string, who?: { accessToken: string }) =>
  call(server.app, 'POST', link(token), undefined, who ? { token: who.accessToken } : {});
const inspect = (token: string, who?: { accessToken: string }) =>
  call(server.app, 'GET', link(token), undefined, who ? { token: who.accessToken } : {});
const decline = (token: string) => call(server.app, 'POST', link(token, '/decline'));
const profileOf = async (who: { accessToken: string }) =>
  (
    await call(server.app, 'GET', '/v1/users/profile', undefined, { token: who.accessToken })
  ).json();

/** The newest link the sandbox sent to `email` for the account with this phone. */
async function linkFor(email: string, phone: string): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        const inbox = await call(
          server.app,
          'GET',
          `/v1/sandbox/messages?to=${encodeURIComponent(email)}`,
        );
        const messages = (inbox.json().data as { body: string }[]).filter((m) =>
          m.body.includes('/intent?id='),
        );
        // A change of e-mail names the account by its first name; a sign-up by its phone.
        const mine = messages.find((m) => m.body.includes(`xxx-xxx-${phone.slice(-4)}`));
        const body = (mine ?? messages.find((m) => m.body.includes('new e-mail address')))?.body;
        token = /\/intent\?id=([\w-]+)/.exec(body ?? '')?.[1] ?? '';
        return token;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return token;
}

/** The change-of-e-mail link sent to `email` (the only one there). */
async function changeLinkTo(email: string): Promise<string> {
  return linkFor(email, '----');
}

/** Whether `who` can claim a refund a merchant sends to `email` alone. */
async function claimsRefundTo(email: string, who: SignedIn): Promise<number> {
  const refund = await createRefund(
    server.app,
    merchant,
    refundBody(refundCustomer({ email, phone_number: null })),
  );
  const claimed = await call(
    server.app,
    'POST',
    '/v1/customers/claim-refund',
    { refund_uuid: refund.refund_uuid },
    { token: who.accessToken },
  );
  return claimed.statusCode;
}

describe('a change of e-mail to an address another account holds unverified', () => {
  it('cannot be confirmed by the address’s owner opening the link; the link names the asking account, and can be refused', async () => {
    const victimEmail = uniqueEmail();
    const victim = await signUpNewPerson(server.app, { email: victimEmail });
    const attacker = await signUpNewPerson(server.app);
    const asked = await call(
      server.app,
      'POST',
      '/v1/users/profile/email',
      { email: victimEmail, passcode: await contactChangePasscode(server.app, attacker) },
      { token: attacker.accessToken },
    );
    expect(asked.statusCode).toBe(202);
    const token = await changeLinkTo(victimEmail);

    // The victim opens it, signed out: the page can say who asked, but nothing is confirmed.
    const seen = await inspect(token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      email: victimEmail,
      phone_number: `+1 xxx-xxx-${attacker.phone.slice(-4)}`,
      purpose: 'change',
      for_signed_in_account: null,
    });
    expect((await confirm(token)).statusCode).toBe(401);
    // Signed in as themselves, the victim is told it is another account's link.
    expect((await inspect(token, victim)).json()).toMatchObject({ for_signed_in_account: false });
    const refused = await confirm(token, victim);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code_description: 'EMAIL_LINK_OTHER_ACCOUNT' });
    expect(await profileOf(attacker)).toMatchObject({
      email: attacker.email,
      email_verified: false,
    });
    expect(await profileOf(victim)).toMatchObject({ email: victimEmail, email_verified: false });

    // "This wasn't me": the link is spent; the attacker, even holding it, proves nothing.
    const declined = await decline(token);
    expect(declined.statusCode).toBe(200);
    expect((await confirm(token, attacker)).json()).toMatchObject({
      code_description: 'EMAIL_LINK_INVALID',
    });
    expect(await profileOf(attacker)).toMatchObject({ email: attacker.email, pending_email: null });
    // The refund sent to the address is not the attacker's to take.
    expect(await claimsRefundTo(victimEmail, attacker)).not.toBe(200);

    // The victim's own link still proves the address for the victim.
    expect((await confirm(await linkFor(victimEmail, victim.phone), victim)).json()).toEqual({
      message: 'Your email has been verified.',
    });
    expect(await claimsRefundTo(victimEmail, victim)).toBe(200);
  });

  it('records a refusal in the asking account’s security activity', async () => {
    const target = uniqueEmail();
    const asker = await signUpNewPerson(server.app);
    await call(
      server.app,
      'POST',
      '/v1/users/profile/email',
      { email: target, passcode: await contactChangePasscode(server.app, asker) },
      { token: asker.accessToken },
    );
    expect((await decline(await changeLinkTo(target))).statusCode).toBe(200);
    const activity = await call(server.app, 'GET', '/v1/users/security-activity', undefined, {
      token: asker.accessToken,
    });
    expect(activity.json().data.map((e: { action: string }) => e.action)).toContain(
      'email_link_declined',
    );
  });
});

describe('a sign-up with an address someone else owns', () => {
  it('cannot be confirmed by the address’s owner signed in to their own account', async () => {
    const email = uniqueEmail();
    const attacker = await signUpNewPerson(server.app, { email });
    const victim = await signUpNewPerson(server.app, { email });
    const attackerLink = await linkFor(email, attacker.phone);

    const refused = await confirm(attackerLink, victim);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code_description: 'EMAIL_LINK_OTHER_ACCOUNT' });
    expect(await profileOf(attacker)).toMatchObject({ email_verified: false });
    expect(await claimsRefundTo(email, attacker)).not.toBe(200);

    // The owner proves it for their own account; the attacker's link is void from then on.
    expect((await confirm(await linkFor(email, victim.phone), victim)).statusCode).toBe(200);
    expect((await confirm(attackerLink, attacker)).json()).toMatchObject({
      code_description: 'EMAIL_LINK_INVALID',
    });
    expect(await profileOf(attacker)).toMatchObject({ email_verified: false });
  });
});

describe('the honest paths', () => {
  it('the owner’s own link, opened on another device after signing in there, verifies once', async () => {
    const person = await signUpNewPerson(server.app);
    const token = await linkFor(person.email, person.phone);
    const phone = await signInAgain(server.app, person);
    expect((await inspect(token, phone)).json()).toMatchObject({
      purpose: 'verify',
      for_signed_in_account: true,
    });
    expect((await confirm(token, phone)).json()).toEqual({
      message: 'Your email has been verified.',
    });
    expect(await profileOf(person)).toMatchObject({ email_verified: true });
    // Used once: a second time, or refusing it afterwards, is an invalid link.
    expect((await confirm(token, phone)).json()).toMatchObject({
      code_description: 'EMAIL_LINK_INVALID',
    });
    expect((await decline(token)).statusCode).toBe(400);
    expect((await inspect(token, phone)).statusCode).toBe(400);
  });

  it('an expired link says so and proves nothing', async () => {
    const person = await signUpNewPerson(server.app);
    const token = await linkFor(person.email, person.phone);
    await server.database.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(emailVerifications.email, person.email));
    const late = await confirm(token, person);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code_description: 'EMAIL_LINK_INVALID' });
    expect(await profileOf(person)).toMatchObject({ email_verified: false });
  });
});
