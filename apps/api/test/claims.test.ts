import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { refunds, webhookEvents } from '../src/db/schema';
import { readCode, signUpNewPerson } from './support/people';
import {
  accountHolder,
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
import { call, startTestServer, type TestServer } from './support/test-server';

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
const merchantCall = (path: string, body?: unknown) =>
  call(server.app, 'POST', `/v1/merchant/refunds/${path}`, body, { token: merchant.apiKey });

describe('the claim page and next step', () => {
  it('shows merchant, amount and customer name, and nothing about any account', async () => {
    const customer = refundCustomer();
    const refund = await createRefund(server.app, merchant, refundBody(customer));
    const page = await call(server.app, 'GET', `/v1/customers/claim-refund/${refund.refund_uuid}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      refund_uuid: refund.refund_uuid,
      amount_in_cents: 4599,
      customer_first_name: 'Casey',
    });
    expect(JSON.stringify(page.json())).not.toContain(customer.email);
    expect(JSON.stringify(page.json())).not.toContain(customer.phone_number);
  });

  it('ACCOUNT_VERIFICATION when an account has the phone number, masked', async () => {
    const person = await accountHolder(server.app);
    const refund = await createRefund(server.app, merchant, refundBody(person.customer));
    expect((await next(refund.refund_uuid)).json()).toEqual({
      goto: 'ACCOUNT_VERIFICATION',
      phone_number: `+1 xxx-xxx-${person.phone.slice(-4)}`,
      email: null,
    });
  });

  it('ACCOUNT_SIGNUP with the merchant-given contact, masked, when there is no account', async () => {
    const customer = refundCustomer();
    const refund = await createRefund(server.app, merchant, refundBody(customer));
    expect((await next(refund.refund_uuid)).json()).toEqual({
      goto: 'ACCOUNT_SIGNUP',
      phone_number: `+1 xxx-xxx-${customer.phone_number?.slice(-4)}`,
      email: 'p•••@example.com',
    });
  });

  it('ADD_PHONE_NUMBER, masked, when the merchant gave no phone and there is no account', async () => {
    const customer = refundCustomer({ phone_number: null });
    const refund = await createRefund(server.app, merchant, refundBody(customer));
    expect((await next(refund.refund_uuid)).json()).toEqual({
      goto: 'ADD_PHONE_NUMBER',
      phone_number: null,
      email: 'p•••@example.com',
    });
  });

  it('VERIFY_EMAIL for the signed-in account whose email, unverified, is the refund’s', async () => {
    const person = await signUpNewPerson(server.app);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ phone_number: null, email: person.email })),
    );
    const step = (await next(refund.refund_uuid, person.accessToken)).json();
    expect(step).toEqual({ goto: 'VERIFY_EMAIL', phone_number: null, email: 'p•••@example.com' });
    // An email nobody proved names no account: signed out, it is a sign-up.
    expect((await next(refund.refund_uuid)).json()).toMatchObject({ goto: 'ADD_PHONE_NUMBER' });
  });

  it('CLAIM_SUCCESS once claimed; unknown, malformed and expired ids answer the claim error', async () => {
    const person = await accountHolder(server.app);
    const refund = await createRefund(server.app, merchant, refundBody(person.customer));
    await claim(refund.refund_uuid, person.accessToken);
    expect((await next(refund.refund_uuid)).json()).toEqual({
      goto: 'CLAIM_SUCCESS',
      phone_number: null,
      email: null,
    });

    const expired = await createRefund(server.app, merchant, refundBody(refundCustomer()));
    await server.database.db
      .update(refunds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refunds.id, expired.refund_uuid));
    const bodies = [];
    for (const id of [crypto.randomUUID(), expired.refund_uuid]) {
      const response = await next(id);
      expect(response.statusCode).toBe(404);
      bodies.push(response.json());
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect((await next('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('claiming', () => {
  it('an existing customer verifies by SMS and claims: the wallet is credited once', async () => {
    const person = await accountHolder(server.app);
    const refund = await createRefund(server.app, merchant, refundBody(person.customer));
    const seen = [await readCode(server.app, person.phone)];
    const { accessToken } = await verifyForClaim(
      server.app,
      refund.refund_uuid,
      'mobile',
      person.phone,
      'REFUND_CLAIM',
      seen,
    );
    const claimed = await claim(refund.refund_uuid, accessToken);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toEqual({
      refund_uuid: refund.refund_uuid,
      returns: [{ return_uuid: refund.returns[0]?.return_uuid, amountInCents: 4599 }],
    });
    expect(await balanceOf(server.app, accessToken)).toEqual({
      available_in_cents: 4599,
      pending_in_cents: 0,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 4599,
    });
    const again = await claim(refund.refund_uuid, accessToken);
    expect(again.json()).toEqual(claimed.json());
    expect((await balanceOf(server.app, accessToken)).available_in_cents).toBe(4599);
  });

  it('20 concurrent claims of one refund credit it exactly once', async () => {
    const person = await accountHolder(server.app);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(person.customer, { returns: [{ amount_in_cents: 12345, description: 'Tent' }] }),
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => claim(refund.refund_uuid, person.accessToken)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await balanceOf(server.app, person.accessToken)).toEqual({
      available_in_cents: 12345,
      pending_in_cents: 0,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 12345,
    });
    const events = await server.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.merchantId, merchant.id));
    expect(
      events.filter(
        (e) =>
          e.type === 'refund.claimed' &&
          (e.payload as { data: { refund_uuid: string } }).data.refund_uuid === refund.refund_uuid,
      ),
    ).toHaveLength(1);
  });

  it('someone else cannot claim it, and learns nothing', async () => {
    const owner = await accountHolder(server.app);
    const stranger = await signUpNewPerson(server.app);
    const refund = await createRefund(server.app, merchant, refundBody(owner.customer));
    const attempt = await claim(refund.refund_uuid, stranger.accessToken);
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json().code_description).toBe('CLAIM_NOT_ALLOWED');
    expect(await balanceOf(server.app, stranger.accessToken)).toMatchObject({ total_in_cents: 0 });
    await claim(refund.refund_uuid, owner.accessToken);
    const late = await claim(refund.refund_uuid, stranger.accessToken);
    expect(late.statusCode).toBe(404);
    expect(late.json().code_description).toBe('REFUND_NOT_CLAIMABLE');
    const detail = await call(server.app, 'GET', `/v1/refunds/${refund.refund_uuid}`, undefined, {
      token: stranger.accessToken,
    });
    expect(detail.statusCode).toBe(404);
  });

  it('the link alone moves no money: claiming needs a signed-in customer', async () => {
    const refund = await createRefund(server.app, merchant, refundBody(refundCustomer()));
    const response = await call(server.app, 'POST', '/v1/customers/claim-refund', {
      refund_uuid: refund.refund_uuid,
    });
    expect(response.statusCode).toBe(401);
  });

  it('a claim code works once; a replay is refused', async () => {
    const person = await accountHolder(server.app);
    const refund = await createRefund(server.app, merchant, refundBody(person.customer));
    const seen = [await readCode(server.app, person.phone)];
    const { code, attemptId } = await verifyForClaim(
      server.app,
      refund.refund_uuid,
      'mobile',
      person.phone,
      'REFUND_CLAIM',
      seen,
    );
    const replay = await call(server.app, 'POST', '/v1/customers/claim-refund/verify', {
      attempt_id: attemptId,
      code,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code_description).toBe('OTP_EXPIRED');
  });

  it('a claim code resend waits for the countdown', async () => {
    const refund = await createRefund(server.app, merchant, refundBody(refundCustomer()));
    const started = await call(server.app, 'POST', '/v1/customers/claim-refund/otp', {
      refund_uuid: refund.refund_uuid,
      channel: 'mobile',
      bot_token: SANDBOX_PASSING_BOT_TOKEN,
    });
    const resend = await call(server.app, 'POST', '/v1/customers/resend-otp', {
      purpose: 'REFUND_CLAIM',
      attempt_id: started.json().attempt_id,
      bot_token: SANDBOX_PASSING_BOT_TOKEN,
    });
    expect(resend.statusCode).toBe(429);
    // The resend countdown is a minute: the answer says how much of it is left.
    expect(Number(resend.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(resend.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(resend.json().code_description).toBe('RESEND_TOO_SOON');
  });

  it('verifying by email proves the email, which then allows the claim', async () => {
    const person = await signUpNewPerson(server.app);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ phone_number: null, email: person.email })),
    );
    const { accessToken } = await verifyForClaim(
      server.app,
      refund.refund_uuid,
      'email',
      person.email,
      'VERIFY_EMAIL',
      [],
      person.accessToken,
    );
    const profile = await call(server.app, 'GET', '/v1/users/profile', undefined, {
      token: accessToken,
    });
    expect(profile.json().email_verified).toBe(true);
    expect((await claim(refund.refund_uuid, accessToken)).statusCode).toBe(200);
    expect((await balanceOf(server.app, accessToken)).available_in_cents).toBe(4599);
  });

  it('choosing the original payment method moves nothing and closes the link', async () => {
    const person = await accountHolder(server.app);
    const refund = await createRefund(server.app, merchant, refundBody(person.customer));
    const chosen = await call(
      server.app,
      'POST',
      `/v1/customers/claim-refund/${refund.refund_uuid}/original-method`,
      undefined,
      { token: person.accessToken },
    );
    expect(chosen.json()).toEqual({ refund_uuid: refund.refund_uuid, status: 'original_method' });
    expect((await claim(refund.refund_uuid, person.accessToken)).statusCode).toBe(404);
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({ total_in_cents: 0 });
    const merchantView = await call(
      server.app,
      'GET',
      `/v1/merchant/refunds/${refund.refund_uuid}`,
      undefined,
      { token: merchant.apiKey },
    );
    expect(merchantView.json().status).toBe('original_method');
  });
});

describe('money that waits', () => {
  async function claimedWith(returns: unknown[]) {
    const person = await accountHolder(server.app);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(person.customer, { returns }),
    );
    expect((await claim(refund.refund_uuid, person.accessToken)).statusCode).toBe(200);
    return { person, refund };
  }

  it('awaiting pick-up is pending until the label is scanned', async () => {
    const { person, refund } = await claimedWith([
      { amount_in_cents: 3000, description: 'Jacket', state: 'awaiting_pickup' },
      { amount_in_cents: 1000, description: 'Hat' },
    ]);
    expect(await balanceOf(server.app, person.accessToken)).toEqual({
      available_in_cents: 1000,
      pending_in_cents: 3000,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 4000,
    });
    const scanned = await merchantCall(
      `${refund.refund_uuid}/returns/${refund.returns[0]?.return_uuid}/label-scanned`,
    );
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json().returns[0]).toMatchObject({
      state: 'available',
      hold_amount_in_cents: 0,
    });
    expect(await balanceOf(server.app, person.accessToken)).toEqual({
      available_in_cents: 4000,
      pending_in_cents: 0,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 4000,
    });
    const twice = await merchantCall(
      `${refund.refund_uuid}/returns/${refund.returns[0]?.return_uuid}/label-scanned`,
    );
    expect(twice.statusCode).toBe(200);
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(4000);
    const wrongStep = await merchantCall(
      `${refund.refund_uuid}/returns/${refund.returns[1]?.return_uuid}/fraud-check`,
      { result: 'failed' },
    );
    expect(wrongStep.statusCode).toBe(409);
  });

  it('a fraud hold holds a small part; a passed check releases it', async () => {
    const { person, refund } = await claimedWith([
      {
        amount_in_cents: 10000,
        description: 'Bike helmet',
        state: 'awaiting_fraud_check',
        fraud_hold_amount_in_cents: 1500,
        fraud_hold_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    ]);
    expect(await balanceOf(server.app, person.accessToken)).toEqual({
      available_in_cents: 8500,
      pending_in_cents: 1500,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 10000,
    });
    await merchantCall(
      `${refund.refund_uuid}/returns/${refund.returns[0]?.return_uuid}/fraud-check`,
      { result: 'passed' },
    );
    expect(await balanceOf(server.app, person.accessToken)).toEqual({
      available_in_cents: 10000,
      pending_in_cents: 0,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 10000,
    });
  });

  it('a failed fraud check takes the held part back to the merchant', async () => {
    const { person, refund } = await claimedWith([
      {
        amount_in_cents: 10000,
        description: 'Bike helmet',
        state: 'awaiting_fraud_check',
        fraud_hold_amount_in_cents: 1500,
        fraud_hold_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    ]);
    const failed = await merchantCall(
      `${refund.refund_uuid}/returns/${refund.returns[0]?.return_uuid}/fraud-check`,
      { result: 'failed' },
    );
    expect(failed.json().returns[0]).toMatchObject({ state: 'reversed' });
    expect(await balanceOf(server.app, person.accessToken)).toEqual({
      available_in_cents: 8500,
      pending_in_cents: 0,
      bonus_in_cents: 0,
      bonus_expires_at: null,
      total_in_cents: 8500,
    });
  });

  it('a refund whose fraud check failed before the claim puts only the rest in the wallet, and says so', async () => {
    const person = await accountHolder(server.app);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(person.customer, {
        returns: [
          {
            amount_in_cents: 10000,
            description: 'Bike helmet',
            state: 'awaiting_fraud_check',
            fraud_hold_amount_in_cents: 1500,
            fraud_hold_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          },
        ],
      }),
    );
    const failed = await merchantCall(
      `${refund.refund_uuid}/returns/${refund.returns[0]?.return_uuid}/fraud-check`,
      { result: 'failed' },
    );
    expect(failed.statusCode).toBe(200);
    expect((await claim(refund.refund_uuid, person.accessToken)).statusCode).toBe(200);
    expect((await balanceOf(server.app, person.accessToken)).total_in_cents).toBe(8500);
    const seen = await call(server.app, 'GET', `/v1/refunds/${refund.refund_uuid}`, undefined, {
      token: person.accessToken,
    });
    expect(seen.json()).toMatchObject({ amount_in_cents: 10000, wallet_credit_in_cents: 8500 });
    const listed = await call(server.app, 'GET', '/v1/refunds', undefined, {
      token: person.accessToken,
    });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ refund_uuid: refund.refund_uuid, wallet_credit_in_cents: 8500 }),
    ]);
  });

  it('a hold that expires is released by the background job', async () => {
    const { person } = await claimedWith([
      {
        amount_in_cents: 5000,
        description: 'Gloves',
        state: 'awaiting_fraud_check',
        fraud_hold_amount_in_cents: 700,
        fraud_hold_expires_at: new Date(Date.now() + 2500).toISOString(),
      },
    ]);
    expect((await balanceOf(server.app, person.accessToken)).pending_in_cents).toBe(700);
    await expect
      .poll(async () => balanceOf(server.app, person.accessToken), {
        timeout: 20_000,
        interval: 500,
      })
      .toEqual({
        available_in_cents: 5000,
        pending_in_cents: 0,
        bonus_in_cents: 0,
        bonus_expires_at: null,
        total_in_cents: 5000,
      });
  });

  it('a claimed refund cannot be cancelled', async () => {
    const { refund } = await claimedWith([{ amount_in_cents: 500, description: 'Socks' }]);
    const response = await merchantCall(`${refund.refund_uuid}/cancel`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code_description).toBe('REFUND_NOT_CANCELLABLE');
  });
});

describe('refund history', () => {
  it('lists claimed refunds newest first with keyset pages, and shows the hints', async () => {
    const person = await accountHolder(server.app);
    const ids: string[] = [];
    for (const [i, returns] of [
      [{ amount_in_cents: 100, description: 'A' }],
      [{ amount_in_cents: 200, description: 'B', state: 'awaiting_pickup' }],
      [
        {
          amount_in_cents: 300,
          description: 'C',
          state: 'awaiting_fraud_check',
          fraud_hold_amount_in_cents: 50,
          fraud_hold_expires_at: '2099-01-01T00:00:00Z',
        },
      ],
    ].entries()) {
      const refund = await createRefund(
        server.app,
        merchant,
        refundBody(person.customer, { returns, order_number: `H-${i}` }),
      );
      await claim(refund.refund_uuid, person.accessToken);
      ids.push(refund.refund_uuid);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await call(server.app, 'GET', `/v1/refunds${query}`, undefined, {
        token: person.accessToken,
      });
      expect(page.statusCode).toBe(200);
      const body = page.json();
      seen.push(...body.data.map((r: { refund_uuid: string }) => r.refund_uuid));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const detail = await call(server.app, 'GET', `/v1/refunds/${ids[2]}`, undefined, {
      token: person.accessToken,
    });
    expect(detail.json()).toMatchObject({
      order_number: 'H-2',
      file_id: 'RMA-1001',
      merchant_name: expect.stringMatching(/^Shop /),
      status: 'claimed',
      returns: [
        {
          state: 'awaiting_fraud_check',
          hold_amount_in_cents: 50,
          hold_expires_at: '2099-01-01T00:00:00.000Z',
        },
      ],
    });
    expect(
      (
        await call(server.app, 'GET', '/v1/refunds?cursor=garbage', undefined, {
          token: person.accessToken,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('email verification by magic link', () => {
  it('sign-up sends a link; opening it verifies the email once', async () => {
    const person = await signUpNewPerson(server.app);
    let token = '';
    await expect
      .poll(
        async () => {
          const inbox = await call(
            server.app,
            'GET',
            `/v1/sandbox/messages?to=${encodeURIComponent(person.email)}`,
          );
          const body =
            (inbox.json().data as { body: string }[]).find((m) => m.body.includes('/intent?id='))
              ?.body ?? '';
          token = /\/intent\?id=([\w-]+)/.exec(body)?.[1] ?? '';
          return token;
        },
        { timeout: 10_000 },
      )
      .not.toBe('');
    const verified = await call(
      server.app,
      'POST',
      `/v1/customers/profile/verify-email/${token}`,
      undefined,
      { token: person.accessToken },
    );
    expect(verified.json()).toEqual({ message: 'Your email has been verified.' });
    const profile = await call(server.app, 'GET', '/v1/users/profile', undefined, {
      token: person.accessToken,
    });
    expect(profile.json().email_verified).toBe(true);
    const replay = await call(
      server.app,
      'POST',
      `/v1/customers/profile/verify-email/${token}`,
      undefined,
      { token: person.accessToken },
    );
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('This verification link is invalid or has expired.');
    const made = await call(
      server.app,
      'POST',
      `/v1/customers/profile/verify-email/${'x'.repeat(43)}`,
      undefined,
      { token: person.accessToken },
    );
    expect(made.statusCode).toBe(400);
  });
});
