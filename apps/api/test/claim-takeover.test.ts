import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { digits, readCode, signUpForm, signUpNewPerson, uniqueEmail } from './support/people';
import {
  claimRefund,
  balanceOf,
  createRefund,
  expectLedgerBalanced,
  newMerchant,
  refundBody,
  refundCustomer,
  verifyForClaim,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, refreshCookieFrom, startTestServer, type TestServer } from './support/test-server';

/**
 * ADR 0011: an email names an account only once that account proved it. Registering someone
 * else's address first must win nothing: not their refunds, not their sign-in, not their sign-up.
 */

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer();
  merchant = await newMerchant(server.database.db);
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

const next = (id: string, token: string | null = null) =>
  call(server.app, 'GET', `/v1/customers/claim-refund/next/${id}`, undefined, { token });
const claim = (id: string, token: string) => claimRefund(server.app, id, token);
const profileOf = async (token: string) =>
  (await call(server.app, 'GET', '/v1/users/profile', undefined, { token })).json() as {
    user_uuid: string;
    phone_number: string;
    email: string;
    email_verified: boolean;
  };
const startEmailCode = (
  refundId: string,
  purpose: 'REFUND_CLAIM' | 'VERIFY_EMAIL',
  token: string | null = null,
) =>
  call(
    server.app,
    'POST',
    '/v1/customers/claim-refund/otp',
    { refund_uuid: refundId, channel: 'email', purpose, bot_token: SANDBOX_PASSING_BOT_TOKEN },
    { token },
  );

/** Signs up through the API with this email and the form's own new phone. */
async function signUpWithEmail(app: FastifyInstance, email: string) {
  return signUpNewPerson(app, { email });
}

/** The magic link the sandbox kept for `email` that names the account with this phone. */
async function magicLinkFor(email: string, phone: string): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        const inbox = await call(
          server.app,
          'GET',
          `/v1/sandbox/messages?to=${encodeURIComponent(email)}`,
        );
        const body =
          (inbox.json().data as { body: string }[]).find(
            (m) => m.body.includes('/intent?id=') && m.body.includes(`xxx-xxx-${phone.slice(-4)}`),
          )?.body ?? '';
        token = /\/intent\?id=([\w-]+)/.exec(body)?.[1] ?? '';
        return token;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return token;
}

describe('registering the victim’s email first', () => {
  it('the reproduction: the victim ends up with the refund in their own account; the attacker gets nothing', async () => {
    const victimEmail = uniqueEmail();
    const attacker = await signUpWithEmail(server.app, victimEmail);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ email: victimEmail, phone_number: null })),
    );

    // Before: VERIFY_EMAIL, and the email code signed the victim into the attacker's account.
    const step = await next(refund.refund_uuid);
    expect(step.statusCode).toBe(200);
    expect(step.json()).toEqual({
      goto: 'ADD_PHONE_NUMBER',
      phone_number: null,
      email: `${victimEmail[0]}•••@example.com`,
    });
    const anonymousEmailCheck = await startEmailCode(refund.refund_uuid, 'VERIFY_EMAIL');
    expect(anonymousEmailCheck.statusCode).toBe(401);

    // The victim signs up with their own email: not EMAIL_TAKEN.
    const form = signUpForm({ email: victimEmail });
    const started = await call(server.app, 'POST', '/v1/users/signup', form);
    expect(started.statusCode, started.body).toBe(201);
    const verified = await call(server.app, 'POST', '/v1/users/verify', {
      attempt_id: started.json().attempt_id,
      code: await readCode(server.app, form.phone_number),
    });
    expect(verified.statusCode).toBe(200);
    let victimToken = verified.json().access_token as string;

    // Signed in, the email is not proven yet: the claim is refused and the next step says so.
    expect((await claim(refund.refund_uuid, victimToken)).statusCode).toBe(403);
    expect((await next(refund.refund_uuid, victimToken)).json()).toMatchObject({
      goto: 'VERIFY_EMAIL',
    });
    ({ accessToken: victimToken } = await verifyForClaim(
      server.app,
      refund.refund_uuid,
      'email',
      victimEmail,
      'VERIFY_EMAIL',
      [],
      victimToken,
    ));
    const victim = await profileOf(victimToken);
    expect(victim).toMatchObject({
      phone_number: digits(form.phone_number),
      email: victimEmail,
      email_verified: true,
    });

    const claimed = await claim(refund.refund_uuid, victimToken);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await balanceOf(server.app, victimToken)).toMatchObject({ total_in_cents: 4599 });
    expect(await balanceOf(server.app, attacker.accessToken)).toMatchObject({ total_in_cents: 0 });
    expect(await profileOf(attacker.accessToken)).toMatchObject({ email_verified: false });
    expect((await claim(refund.refund_uuid, attacker.accessToken)).statusCode).toBe(404);
  });

  it('an email the account only typed neither matches refunds nor lets it claim', async () => {
    const victimEmail = uniqueEmail();
    const attacker = await signUpWithEmail(server.app, victimEmail);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ email: victimEmail })),
    );
    // The merchant gave a phone no account has: the victim is asked to sign up, not to verify.
    expect((await next(refund.refund_uuid)).json()).toMatchObject({ goto: 'ACCOUNT_SIGNUP' });
    const attempt = await claim(refund.refund_uuid, attacker.accessToken);
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json().code_description).toBe('CLAIM_NOT_ALLOWED');
  });

  it('the attacker cannot prove the address for their account: the code goes to the victim, and the attacker cannot ask for one for a refund not theirs', async () => {
    const victimEmail = uniqueEmail();
    const attacker = await signUpWithEmail(server.app, victimEmail);
    const stranger = await signUpNewPerson(server.app);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ email: victimEmail, phone_number: null })),
    );
    const notTheirs = await startEmailCode(
      refund.refund_uuid,
      'VERIFY_EMAIL',
      stranger.accessToken,
    );
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().code_description).toBe('CLAIM_NOT_ALLOWED');

    // The attacker may ask: the code goes to the victim's inbox, where the attacker cannot read
    // it, and without it nothing is proven.
    const asked = await startEmailCode(refund.refund_uuid, 'VERIFY_EMAIL', attacker.accessToken);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      channel: 'email',
      destination: `${victimEmail[0]}•••@example.com`,
    });
    const guessed = await call(server.app, 'POST', '/v1/customers/claim-refund/verify', {
      attempt_id: asked.json().attempt_id,
      code: '000000',
    });
    expect(guessed.statusCode).toBe(400);
    expect(await profileOf(attacker.accessToken)).toMatchObject({ email_verified: false });
  });

  it('once the owner proves the address, the attacker’s link and code prove nothing and sign-up with it is taken', async () => {
    const victimEmail = uniqueEmail();
    const attacker = await signUpWithEmail(server.app, victimEmail);
    const victim = await signUpWithEmail(server.app, victimEmail);

    // Both sign-ups sent a link to the victim's inbox; each names its account's phone.
    const attackerLink = await magicLinkFor(victimEmail, attacker.phone);
    const victimLink = await magicLinkFor(victimEmail, victim.phone);
    const proven = await call(
      server.app,
      'POST',
      `/v1/customers/profile/verify-email/${victimLink}`,
      undefined,
      { token: victim.accessToken },
    );
    expect(proven.json()).toEqual({ message: 'Your email has been verified.' });

    const late = await call(
      server.app,
      'POST',
      `/v1/customers/profile/verify-email/${attackerLink}`,
      undefined,
      { token: attacker.accessToken },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().code_description).toBe('EMAIL_LINK_INVALID');
    expect(await profileOf(attacker.accessToken)).toMatchObject({ email_verified: false });
    expect(await profileOf(victim.accessToken)).toMatchObject({ email_verified: true });

    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ email: victimEmail, phone_number: null })),
    );
    const code = await startEmailCode(refund.refund_uuid, 'VERIFY_EMAIL', attacker.accessToken);
    expect(code.statusCode).toBe(409);
    expect(code.json().code_description).toBe('EMAIL_TAKEN');

    const third = await call(
      server.app,
      'POST',
      '/v1/users/signup',
      signUpForm({ email: victimEmail }),
    );
    expect(third.statusCode).toBe(409);
    expect(third.json().code_description).toBe('EMAIL_TAKEN');
  });

  it('a claim code sent to a verified email signs in its owner only, never an account that just typed it', async () => {
    const email = uniqueEmail();
    const attacker = await signUpWithEmail(server.app, email);
    const owner = await signUpWithEmail(server.app, email);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ email, phone_number: null })),
    );

    // Nobody has proven the address: a claim code by email signs no one in.
    const unowned = await startEmailCode(refund.refund_uuid, 'REFUND_CLAIM');
    expect(unowned.statusCode).toBe(200);
    const tries = await Promise.all(
      ['000000', '111111', '222222'].map((code) =>
        call(server.app, 'POST', '/v1/customers/claim-refund/verify', {
          attempt_id: unowned.json().attempt_id,
          code,
        }),
      ),
    );
    expect(tries.map((t) => t.statusCode)).toEqual([400, 400, 400]);
    expect(tries.every((t) => refreshCookieFrom(t) === null)).toBe(true);

    await call(
      server.app,
      'POST',
      `/v1/customers/profile/verify-email/${await magicLinkFor(email, owner.phone)}`,
      undefined,
      { token: owner.accessToken },
    );
    expect((await next(refund.refund_uuid)).json()).toEqual({
      goto: 'ACCOUNT_VERIFICATION',
      phone_number: null,
      email: `${email[0]}•••@example.com`,
    });
    const { accessToken } = await verifyForClaim(server.app, refund.refund_uuid, 'email', email);
    const signedIn = await profileOf(accessToken);
    expect(signedIn.phone_number).toBe(owner.phone);
    expect(signedIn.phone_number).not.toBe(attacker.phone);
    expect((await claim(refund.refund_uuid, accessToken)).statusCode).toBe(200);
    expect(await balanceOf(server.app, attacker.accessToken)).toMatchObject({ total_in_cents: 0 });
  });
});
