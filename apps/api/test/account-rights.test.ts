import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import type { Db } from '../src/db/database';
import {
  addresses,
  auditEvents,
  cards,
  contactChangeNotices,
  ledgerAccounts,
  otpAttempts,
  refunds,
  sessions,
  users,
  vaultCards,
} from '../src/db/schema';
import { hashOtpCode } from '../src/features/auth/otp-code';
import { creditWelcomeBonus } from '../src/features/bonuses/welcome-bonus';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { withoutIdsAndTimes } from './support/without-ids';
import { drainQueues, MESSAGE_QUEUE } from './support/job-drain';
import { addCard, fundedCustomer, giveAddress } from './support/payout-fixtures';
import {
  readCode,
  signInAgain,
  signUpForm,
  signUpNewPerson,
  type SignedIn,
} from './support/people';
import {
  balanceOf,
  createRefund,
  expectLedgerBalanced,
  newMerchant,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, TEST_OTP_SECRET, type TestServer } from './support/test-server';

let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer();
  merchant = await newMerchant(server.database.db);
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

const get = (url: string, token: string | null) =>
  call(server.app, 'GET', url, undefined, { token });

async function userIdOf(token: string): Promise<string> {
  const profile = await get('/v1/users/profile', token);
  expect(profile.statusCode, profile.body).toBe(200);
  return profile.json().user_uuid as string;
}

/** A closing passcode minted directly (the real one is an SMS), for the races below. */
async function mintClosingCode(db: Db, userId: string, code = '135790') {
  const id = crypto.randomUUID();
  await db.insert(otpAttempts).values({
    id,
    purpose: 'CLOSE_ACCOUNT',
    channel: 'sms',
    destination: 'test',
    userId,
    codeHash: hashOtpCode(TEST_OTP_SECRET, id, code),
    codeExpiresAt: new Date(Date.now() + 300_000),
    resendAvailableAt: new Date(Date.now() + 60_000),
  });
  return { attempt_id: id, code };
}

/** Asks for the closing passcode and reads it from the sandbox inbox, as the screen does. */
async function closingCode(person: SignedIn) {
  const earlier = await readCode(server.app, person.phone).catch(() => null);
  const started = await call(server.app, 'POST', '/v1/users/closure/otp', undefined, {
    token: person.accessToken,
  });
  expect(started.statusCode, started.body).toBe(200);
  const code = await readCode(server.app, person.phone, earlier ? [earlier] : []);
  return { attempt_id: started.json().attempt_id as string, code };
}

/** Signs up anew with a closed account's phone and e-mail; answers the new access token. */
async function signUpWith(person: SignedIn, seenCodes: string[]): Promise<string> {
  const form = signUpForm({ phone_number: person.phone, email: person.email });
  const started = await call(server.app, 'POST', '/v1/users/signup', form);
  expect(started.statusCode, started.body).toBe(201);
  const code = await readCode(server.app, person.phone, seenCodes);
  const verified = await call(server.app, 'POST', '/v1/users/verify', {
    attempt_id: started.json().attempt_id,
    code,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().access_token as string;
}

const close = (token: string, body: { attempt_id: string; code: string }) =>
  call(server.app, 'POST', '/v1/users/close', body, { token });

/** No closed account holds money: the invariant the races below must keep. */
async function moneyInClosedAccounts(db: Db): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)` })
    .from(ledgerAccounts)
    .innerJoin(users, eq(users.id, ledgerAccounts.ownerId))
    .where(and(eq(ledgerAccounts.ownerType, 'customer'), sql`${users.closedAt} is not null`));
  return Number(row?.cents ?? 0);
}

describe('downloading my data', () => {
  it('is a dated JSON file of everything kept about the customer, and only theirs', async () => {
    const person = await fundedCustomer(server.app, merchant, 2599);
    await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const other = await fundedCustomer(server.app, merchant, 1234);

    const response = await get('/v1/users/data-export', person.accessToken);
    expect(response.statusCode, response.body).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="my-data-${today}.json"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toMatch(/^application\/json/);

    const data = response.json();
    expect(data.profile).toMatchObject({ email: person.email, phone_number: person.phone });
    expect(data.profile.address).toEqual([expect.objectContaining({ line_1: '12 Harbor Road' })]);
    expect(data.balance).toMatchObject({ available_in_cents: 2599 });
    expect(data.sessions).toEqual([
      expect.objectContaining({ ended_at: null, expires_at: expect.any(String) }),
    ]);
    expect(data.security_activity.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['signed_up', 'address_added', 'card_added']),
    );
    expect(data.statement).toEqual([
      expect.objectContaining({ kind: 'refund_claimed', amount_in_cents: 2599 }),
    ]);
    expect(data.refunds).toHaveLength(1);
    expect(data.payment_methods.cards).toEqual([
      expect.objectContaining({ last4: sandboxCards.visaDebit.slice(-4) }),
    ]);
    // A card appears as the screens show it, never by its number.
    expect(response.body).not.toContain(sandboxCards.visaDebit);
    // Nothing of the other customer's.
    expect(response.body).not.toContain(other.email);
    expect(response.body).not.toContain(other.phone);
    expect(withoutIdsAndTimes(response.body)).not.toContain('1234');
  });

  it('is refused without a signed-in customer', async () => {
    const response = await get('/v1/users/data-export', null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 2001 });
  });
});

describe('closing the account while money remains', () => {
  it('is refused with available money, and says to redeem it first', async () => {
    const person = await fundedCustomer(server.app, merchant, 2500);
    const status = await get('/v1/users/closure', person.accessToken);
    expect(status.json()).toEqual({
      closable: false,
      blockers: ['available_balance'],
      available_in_cents: 2500,
      pending_in_cents: 0,
      pending_redemptions: 0,
    });
    const started = await call(server.app, 'POST', '/v1/users/closure/otp', undefined, {
      token: person.accessToken,
    });
    expect(started.statusCode).toBe(409);
    expect(started.json()).toMatchObject({ code: 8010, message: expect.stringMatching(/Redeem/) });

    // Even with a passcode of the right kind, the account stays open and the money in it.
    const userId = await userIdOf(person.accessToken);
    const refused = await close(
      person.accessToken,
      await mintClosingCode(server.database.db, userId),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 8010 });
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(2500);
  });

  it('is refused while money is held for a pick-up', async () => {
    const person = await signUpNewPerson(server.app);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ phone_number: person.phone, email: person.email }), {
        returns: [{ amount_in_cents: 3000, description: 'Tent', state: 'awaiting_pickup' }],
      }),
    );
    const claimed = await call(
      server.app,
      'POST',
      '/v1/customers/claim-refund',
      { refund_uuid: refund.refund_uuid },
      { token: person.accessToken },
    );
    expect(claimed.statusCode).toBe(200);
    const status = await get('/v1/users/closure', person.accessToken);
    expect(status.json()).toMatchObject({
      closable: false,
      blockers: ['held_balance'],
      pending_in_cents: 3000,
    });
    const started = await call(server.app, 'POST', '/v1/users/closure/otp', undefined, {
      token: person.accessToken,
    });
    expect(started.statusCode).toBe(409);
  });
});

describe('closing the account', () => {
  it('with a wrong passcode changes nothing', async () => {
    const person = await signUpNewPerson(server.app);
    const { attempt_id, code } = await closingCode(person);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await close(person.accessToken, { attempt_id, code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 2002, message: 'Incorrect one time passcode' });
    const profile = await get('/v1/users/profile', person.accessToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: person.email, phone_number: person.phone });
  });

  it("refuses another customer's passcode", async () => {
    const person = await signUpNewPerson(server.app);
    const other = await signUpNewPerson(server.app);
    const othersCode = await closingCode(other);
    const refused = await close(person.accessToken, othersCode);
    expect(refused.statusCode).toBe(400);
    expect((await get('/v1/users/profile', person.accessToken)).statusCode).toBe(200);
    expect((await get('/v1/users/profile', other.accessToken)).statusCode).toBe(200);
  });

  it('ends every session, frees the phone and e-mail, and erases personal data', async () => {
    const person = await signUpNewPerson(server.app);
    await giveAddress(server.app, person.accessToken);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const elsewhere = await signInAgain(server.app, person);
    const userId = await userIdOf(person.accessToken);
    // A notice of an earlier change of phone, which names the old and the new number.
    await server.database.db.insert(contactChangeNotices).values({
      userId,
      kind: 'phone',
      previousValue: '2025550100',
      newValue: person.phone,
      tokenHash: crypto.randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const passcode = await closingCode(person);

    const closed = await close(person.accessToken, passcode);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ closed_at: expect.any(String) });
    expect(closed.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');

    // Every session of the account is refused, by access token and by refresh cookie.
    for (const session of [person, elsewhere]) {
      expect((await get('/v1/users/profile', session.accessToken)).statusCode).toBe(401);
      const refreshed = await call(server.app, 'POST', '/v1/users/refresh', undefined, {
        cookie: session.cookie,
      });
      expect(refreshed.statusCode).toBe(401);
    }
    // A retry of the same request finds no session: nothing happens twice.
    expect((await close(person.accessToken, passcode)).statusCode).toBe(401);

    const db = server.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      firstName: '',
      lastName: '',
      phoneNumber: `closed:${userId}`,
      email: `closed-${userId}@closed.invalid`,
      emailVerifiedAt: null,
      dateOfBirth: '1900-01-01',
    });
    expect(row?.closedAt).toBeInstanceOf(Date);
    expect(await db.select().from(addresses).where(eq(addresses.userId, userId))).toEqual([]);
    expect(
      await db.select().from(contactChangeNotices).where(eq(contactChangeNotices.userId, userId)),
    ).toEqual([]);
    // The card number is shredded in the vault: nothing left to open.
    const [vaulted] = await db
      .select({ sealed: vaultCards.sealedNumber })
      .from(vaultCards)
      .innerJoin(cards, eq(cards.vaultToken, vaultCards.token))
      .where(eq(cards.id, card));
    expect(vaulted).toEqual({ sealed: '' });
    const kept = await db
      .select({ ip: auditEvents.ip, userAgent: auditEvents.userAgent, action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.userId, userId));
    expect(kept.map((e) => e.action)).toEqual(expect.arrayContaining(['account_closed']));
    expect(kept.every((e) => e.ip === null && e.userAgent === null)).toBe(true);
    const live = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`));
    expect(live).toEqual([]);

    // The old phone now signs in like a number with no account: no code is ever sent to it.
    const before = await call(server.app, 'GET', `/v1/sandbox/messages?to=${person.phone}`);
    const signIn = await call(server.app, 'POST', '/v1/users/signin', {
      phone_number: person.phone,
      bot_token: SANDBOX_PASSING_BOT_TOKEN,
    });
    expect(signIn.statusCode).toBe(200);
    // Whatever the sign-in queued has been worked: a code would be in the inbox by now.
    await drainQueues(server.database.db, [MESSAGE_QUEUE, 'otp-no-recipient']);
    const after = await call(server.app, 'GET', `/v1/sandbox/messages?to=${person.phone}`);
    expect(after.json().data).toHaveLength(before.json().data.length);

    // The phone and e-mail make a new account, which is not the closed one.
    const fresh = await signUpWith(person, [passcode.code]);
    expect(await userIdOf(fresh)).not.toBe(userId);
    expect((await get('/v1/users/profile', fresh)).json()).toMatchObject({
      phone_number: person.phone,
      email: person.email,
      address: [],
    });
  });

  it('gives a spend-only bonus back to the product, and keeps the ledger whole', async () => {
    const db = server.database.db;
    const person = await signUpNewPerson(server.app);
    const userId = await userIdOf(person.accessToken);
    const bonus = {
      amountCents: 1000,
      lastDay: '2999-12-31',
      expiresAt: new Date(Date.UTC(3000, 0, 1)),
    };
    await db.transaction((tx) => creditWelcomeBonus(tx, bonus, userId));
    // A bonus is not money the customer can take out: it does not keep the account open.
    expect((await get('/v1/users/closure', person.accessToken)).json()).toMatchObject({
      closable: true,
      blockers: [],
    });
    expect((await close(person.accessToken, await closingCode(person))).statusCode).toBe(200);
    const left = await db
      .select({ kind: ledgerAccounts.kind, cents: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.ownerType, 'customer'), eq(ledgerAccounts.ownerId, userId)));
    expect(left.map((a) => Number(a.cents))).toEqual(left.map(() => 0));
    expect(left.map((a) => a.kind)).toContain('bonus');
    expect(await moneyInClosedAccounts(db)).toBe(0);
  });

  it('leaves an unclaimed refund to the old contacts for whoever proves them next', async () => {
    const person = await signUpNewPerson(server.app);
    const userId = await userIdOf(person.accessToken);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ phone_number: person.phone, email: person.email }), {
        returns: [{ amount_in_cents: 7700, description: 'Camping tent' }],
      }),
    );
    const passcode = await closingCode(person);
    expect((await close(person.accessToken, passcode)).statusCode).toBe(200);

    // The closed account cannot claim it (its session is gone), and it is still pending.
    const refused = await call(
      server.app,
      'POST',
      '/v1/customers/claim-refund',
      { refund_uuid: refund.refund_uuid },
      { token: person.accessToken },
    );
    expect(refused.statusCode).toBe(401);
    const db = server.database.db;
    const [pending] = await db.select().from(refunds).where(eq(refunds.id, refund.refund_uuid));
    expect(pending).toMatchObject({ status: 'pending', claimedByUserId: null });

    // A new account proving the same phone finds it and claims it.
    const newcomer = { accessToken: await signUpWith(person, [passcode.code]) };
    const unclaimed = await get('/v1/refunds/unclaimed', newcomer.accessToken);
    expect(unclaimed.json().data).toEqual([
      expect.objectContaining({ refund_uuid: refund.refund_uuid, amount_in_cents: 7700 }),
    ]);
    const claimed = await call(
      server.app,
      'POST',
      '/v1/customers/claim-refund',
      { refund_uuid: refund.refund_uuid },
      { token: newcomer.accessToken },
    );
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await balanceOf(server.app, newcomer.accessToken)).available_in_cents).toBe(7700);
    const [taken] = await db.select().from(refunds).where(eq(refunds.id, refund.refund_uuid));
    expect(taken?.claimedByUserId).not.toBe(userId);
    expect(taken?.claimedByUserId).toBe(await userIdOf(newcomer.accessToken));
    expect(await moneyInClosedAccounts(db)).toBe(0);
  });
});

describe('closing while money moves', () => {
  it('a claim racing the closure never leaves money in a closed account', async () => {
    const db = server.database.db;
    for (let round = 0; round < 4; round += 1) {
      const person = await signUpNewPerson(server.app);
      const userId = await userIdOf(person.accessToken);
      const refund = await createRefund(
        server.app,
        merchant,
        refundBody(refundCustomer({ phone_number: person.phone, email: person.email }), {
          returns: [{ amount_in_cents: 1500, description: 'Gloves' }],
        }),
      );
      const passcode = await mintClosingCode(db, userId);
      const [claimed, closed] = await Promise.all([
        call(
          server.app,
          'POST',
          '/v1/customers/claim-refund',
          { refund_uuid: refund.refund_uuid },
          { token: person.accessToken },
        ),
        close(person.accessToken, passcode),
      ]);
      // Exactly one of them wins.
      expect(
        [claimed.statusCode, closed.statusCode].sort(),
        `${claimed.body} ${closed.body}`,
      ).toSatisfy(
        (codes: number[]) =>
          (codes[0] === 200 && codes[1] === 409) || (codes[0] === 200 && codes[1] === 401),
      );
      const [after] = await db.select().from(refunds).where(eq(refunds.id, refund.refund_uuid));
      if (closed.statusCode === 200) {
        expect(after).toMatchObject({ status: 'pending', claimedByUserId: null });
      } else {
        expect(closed.statusCode).toBe(409);
        expect(after).toMatchObject({ status: 'claimed', claimedByUserId: userId });
      }
      expect(await moneyInClosedAccounts(db)).toBe(0);
    }
  });

  it('a redemption racing the closure keeps the account open until it completes', async () => {
    const db = server.database.db;
    const person = await fundedCustomer(server.app, merchant, 4000);
    const userId = await userIdOf(person.accessToken);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const withdrawal = await mintClosingCode(db, userId, '246810');
    await db
      .update(otpAttempts)
      .set({ purpose: 'WITHDRAWAL' })
      .where(eq(otpAttempts.id, withdrawal.attempt_id));
    const [redeemed, closed] = await Promise.all([
      call(
        server.app,
        'POST',
        '/v1/redemptions',
        { mode: 'debit', payment_method_uuid: card, amount_in_cents: 4000, ...withdrawal },
        { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
      ),
      close(person.accessToken, await mintClosingCode(db, userId)),
    ]);
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    expect(closed.statusCode, closed.body).toBe(409);
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(row?.closedAt).toBeNull();
    expect(await moneyInClosedAccounts(db)).toBe(0);
    // No other account was touched by the closure attempt.
    const others = await db
      .select({ id: users.id })
      .from(users)
      .where(and(ne(users.id, userId), eq(users.phoneNumber, person.phone)));
    expect(others).toEqual([]);
  });
});
