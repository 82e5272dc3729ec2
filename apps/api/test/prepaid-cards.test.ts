import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  PrepaidCard,
  PrepaidCardholder,
  PrepaidCardList,
  PrepaidCardSecrets,
} from '@refund/contracts/prepaid-cards';
import type { Transaction } from '@refund/contracts/redemptions';
import type { RedemptionMethod } from '@refund/contracts/wallet';
import { prepaidCards } from '../src/db/schema';
import { PREPAID_CARD_ISSUE_QUEUE } from '../src/features/prepaid-cards/prepaid-card-issuing';
import { sandboxPrepaidAmounts } from '../src/providers/sandbox-prepaid-cards';
import { settledTransaction } from './support/giftcard-fixtures';
import { drainQueues, MESSAGE_QUEUE } from './support/job-drain';
import { fundedCustomer, mintWithdrawalCode, newMerchant } from './support/payout-fixtures';
import { ownDatabase } from './support/own-database';
import { readCode, signUpNewPerson, type SignedIn } from './support/people';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * Prepaid Visa cards with the sandbox issuer: the cardholder, issuing through POST /redemptions
 * (once per Idempotency-Key, never beyond the balance, under parallel requests), the money back
 * when the issuer declines, the owner's list, activation, and the number shown only after a
 * fresh passcode, never to anyone else and never in a log.
 */
let server: TestServer;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let merchant: TestMerchant;
let ann: SignedIn;
let ben: SignedIn;

beforeAll(async () => {
  database = await ownDatabase();
  server = await startTestServer({
    SANDBOX_PREPAID_FULFIL_SECONDS: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  merchant = await newMerchant(server.database.db);
  ann = await fundedCustomer(server.app, merchant, 20_000);
  ben = await fundedCustomer(server.app, merchant, 20_000);
});
afterAll(async () => {
  await server.close();
  await database?.drop();
});
afterEach(() => expectLedgerBalanced(server.database.db));

const send = (
  method: 'GET' | 'POST',
  path: string,
  person: SignedIn,
  body?: unknown,
  headers: Record<string, string> = {},
) => call(server.app, method, path, body, { token: person.accessToken, headers });

async function cardholderOf(person: SignedIn): Promise<PrepaidCardholder> {
  const response = await send('POST', '/v1/prepaid-cardholder', person);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PrepaidCardholder;
}

async function redeem(
  person: SignedIn,
  cents: number,
  options: { key?: string; cardholder?: string } = {},
) {
  const destination = options.cardholder ?? (await cardholderOf(person)).cardholder_uuid;
  const code = await mintWithdrawalCode(server.database.db, person.phone);
  return send(
    'POST',
    '/v1/redemptions',
    person,
    { mode: 'prepaid', payment_method_uuid: destination, amount_in_cents: cents, ...code },
    { 'idempotency-key': options.key ?? crypto.randomUUID() },
  );
}

async function issued(person: SignedIn, cents: number): Promise<Transaction> {
  const response = await redeem(person, cents);
  expect(response.statusCode, response.body).toBe(201);
  return settledTransaction(server, person, (response.json() as Transaction).transaction_id);
}

async function card(person: SignedIn, id: string): Promise<PrepaidCard> {
  const response = await send('GET', `/v1/prepaid-cards/${id}`, person);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PrepaidCard;
}

describe('the prepaid method', () => {
  it('is offered with its limits and no fee', async () => {
    const response = await send('GET', '/v1/redemption-methods', ann);
    const prepaid = (response.json() as { data: RedemptionMethod[] }).data.find(
      (m) => m.mode === 'prepaid',
    );
    expect(prepaid).toEqual({
      mode: 'prepaid',
      destination_kind: 'prepaid_card',
      spends_bonus: true,
      is_available: true,
      min_amount: 1_000,
      max_amount: 50_000,
      fee_rate: 0,
      is_whole_amount_value_required: false,
    });
  });
});

describe('the cardholder', () => {
  it('needs an address, then is made once from the profile, however many ask at once', async () => {
    const carol = await signUpNewPerson(server.app);
    const none = await send('GET', '/v1/prepaid-cardholder', carol);
    expect(none.json()).toEqual({ cardholder: null });
    const refused = await send('POST', '/v1/prepaid-cardholder', carol);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code_description: 'ADDRESS_REQUIRED' });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('POST', '/v1/prepaid-cardholder', ann)),
    );
    const ids = new Set(answers.map((a) => (a.json() as PrepaidCardholder).cardholder_uuid));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(ids.size).toBe(1);
    expect(answers[0]?.json()).toMatchObject({
      address: { line_1: '12 Harbor Road', city: 'Portland', state: 'ME', zipcode: '04101' },
      email: ann.email,
    });
    const read = await send('GET', '/v1/prepaid-cardholder', ann);
    expect((read.json() as { cardholder: PrepaidCardholder }).cardholder.cardholder_uuid).toBe(
      [...ids][0],
    );
  });

  it('is no one else’s destination: redeeming to another customer’s cardholder moves nothing', async () => {
    const anns = await cardholderOf(ann);
    const before = await balanceOf(server.app, ben.accessToken);
    const response = await redeem(ben, 2_000, { cardholder: anns.cardholder_uuid });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code_description: 'CARDHOLDER_REQUIRED' });
    expect(await balanceOf(server.app, ben.accessToken)).toEqual(before);
  });
});

describe('issuing a card', () => {
  it('takes the amount, issues an inactive card, activates it and shows its number after a passcode', async () => {
    const before = await balanceOf(server.app, ann.accessToken);
    const tx = await issued(ann, 2_500);
    expect(tx).toMatchObject({
      mode: 'prepaid',
      status: 'Successful',
      amount_in_cents: 2_500,
      fee_in_cents: 0,
      destination: { kind: 'prepaid_card', brand: 'Visa', card_status: 'inactive' },
    });
    expect(tx.destination.last4).toMatch(/^\d{4}$/);
    expect((await balanceOf(server.app, ann.accessToken)).available_in_cents).toBe(
      before.available_in_cents - 2_500,
    );

    const shown = await card(ann, tx.transaction_id);
    expect(shown).toMatchObject({
      card_uuid: tx.transaction_id,
      status: 'inactive',
      network: 'visa',
      last4: tx.destination.last4,
      loaded_in_cents: 2_500,
      balance_in_cents: 2_500,
      failure_reason: null,
      activated_at: null,
    });
    expect(shown.exp_year).toBeGreaterThan(new Date().getUTCFullYear());

    const activated = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/activate`, ann);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ status: 'active' });
    const again = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/activate`, ann);
    expect(again.json()).toMatchObject({ status: 'active' });
    const history = await send('GET', `/v1/transactions/${tx.transaction_id}`, ann);
    expect(history.json()).toMatchObject({ destination: { card_status: 'active' } });

    // The number: only with a passcode texted for it, and each passcode opens it once.
    const direct = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/details`, ann, {});
    expect(direct.statusCode).toBe(400);
    const challenge = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/details/otp`, ann);
    expect(challenge.statusCode, challenge.body).toBe(200);
    const { attempt_id } = challenge.json() as { attempt_id: string };
    await drainQueues(server.database.db, [MESSAGE_QUEUE]);
    const code = await readCode(server.app, ann.phone);
    const wrong = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/details`, ann, {
      attempt_id,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Incorrect one time passcode' });
    expect(wrong.body).not.toMatch(/number/);

    const revealed = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/details`, ann, {
      attempt_id,
      code,
    });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    const secrets = revealed.json() as PrepaidCardSecrets;
    expect(secrets.number).toMatch(/^4\d{15}$/);
    expect(secrets.number.slice(-4)).toBe(shown.last4);
    expect(secrets.cvc).toMatch(/^\d{3}$/);
    expect(secrets).toMatchObject({ exp_month: shown.exp_month, exp_year: shown.exp_year });
    const reused = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/details`, ann, {
      attempt_id,
      code,
    });
    expect(reused.statusCode).toBe(400);

    // Never kept, never logged.
    const stored = JSON.stringify(
      await server.database.db
        .select()
        .from(prepaidCards)
        .where(eq(prepaidCards.redemptionId, tx.transaction_id)),
    );
    expect(stored).toContain(`"last4":"${shown.last4}"`);
    expect(stored).not.toContain(secrets.number);
    expect(server.logLines.join('')).not.toContain(secrets.number);
    expect(server.logLines.join('')).not.toContain(`"${secrets.cvc}"`);
  });

  it('gives the money back when the issuer declines, and the card cannot be used', async () => {
    const before = await balanceOf(server.app, ben.accessToken);
    const tx = await issued(ben, sandboxPrepaidAmounts.declinedCents);
    expect(tx).toMatchObject({ status: 'Failed', destination: { card_status: 'failed' } });
    expect(tx.failure_reason).toContain('sandbox_declined');
    expect(await balanceOf(server.app, ben.accessToken)).toEqual(before);
    expect(await card(ben, tx.transaction_id)).toMatchObject({
      status: 'failed',
      last4: null,
      balance_in_cents: null,
      failure_reason: 'sandbox_declined',
    });
    const activate = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/activate`, ben);
    expect(activate.statusCode).toBe(409);
    expect(activate.json()).toMatchObject({ code_description: 'PREPAID_CARD_NOT_ACTIVATABLE' });
    const otp = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/details/otp`, ben);
    expect(otp.json()).toMatchObject({ code_description: 'PREPAID_CARD_NOT_ISSUED' });
  });

  it('stays pending while the issuer is processing, and shows no number yet', async () => {
    const response = await redeem(ben, sandboxPrepaidAmounts.processingCents);
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json() as Transaction).transaction_id;
    // Once the issuing job has run (its answer: still processing), the card is still pending.
    await drainQueues(server.database.db, [PREPAID_CARD_ISSUE_QUEUE]);
    expect(await card(ben, id)).toMatchObject({ status: 'processing', last4: null });
    const otp = await send('POST', `/v1/prepaid-cards/${id}/details/otp`, ben);
    expect(otp.statusCode).toBe(409);
  });

  it('never shows or changes another customer’s card', async () => {
    const tx = await issued(ann, 1_000);
    for (const [method, path] of [
      ['GET', `/v1/prepaid-cards/${tx.transaction_id}`],
      ['POST', `/v1/prepaid-cards/${tx.transaction_id}/activate`],
      ['POST', `/v1/prepaid-cards/${tx.transaction_id}/details/otp`],
    ] as const) {
      const response = await send(method, path, ben);
      expect(response.statusCode, path).toBe(404);
    }
    const code = await mintWithdrawalCode(server.database.db, ben.phone);
    const reveal = await send('POST', `/v1/prepaid-cards/${tx.transaction_id}/details`, ben, code);
    expect(reveal.statusCode).toBe(404);
    const bens = (await send('GET', '/v1/prepaid-cards?limit=100', ben)).json() as PrepaidCardList;
    expect(bens.data.map((c) => c.card_uuid)).not.toContain(tx.transaction_id);
    expect(await card(ann, tx.transaction_id)).toMatchObject({ status: 'inactive' });
  });

  it('refuses amounts outside the limits, and moves nothing', async () => {
    const before = await balanceOf(server.app, ann.accessToken);
    for (const cents of [999, 50_001]) {
      const response = await redeem(ann, cents);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code_description: 'AMOUNT_OUT_OF_RANGE' });
    }
    expect(await balanceOf(server.app, ann.accessToken)).toEqual(before);
  });
});

describe('under parallel requests', () => {
  it('issues one card per Idempotency-Key, however often it is sent at once', async () => {
    const dan = await fundedCustomer(server.app, merchant, 5_000);
    const { cardholder_uuid } = await cardholderOf(dan);
    const key = crypto.randomUUID();
    const code = await mintWithdrawalCode(server.database.db, dan.phone);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(
          'POST',
          '/v1/redemptions',
          dan,
          {
            mode: 'prepaid',
            payment_method_uuid: cardholder_uuid,
            amount_in_cents: 2_000,
            ...code,
          },
          { 'idempotency-key': key },
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).every((s) => s === 201 || s === 200)).toBe(true);
    expect(new Set(answers.map((a) => (a.json() as Transaction).transaction_id)).size).toBe(1);
    await settledTransaction(server, dan, (answers[0]?.json() as Transaction).transaction_id);
    const cards = (await send('GET', '/v1/prepaid-cards', dan)).json() as PrepaidCardList;
    expect(cards.data).toHaveLength(1);
    expect((await balanceOf(server.app, dan.accessToken)).available_in_cents).toBe(3_000);
  });

  it('never issues beyond the balance when many cards are asked for at once', async () => {
    const eve = await fundedCustomer(server.app, merchant, 5_000);
    const { cardholder_uuid } = await cardholderOf(eve);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => redeem(eve, 2_000, { cardholder: cardholder_uuid })),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.json()).toMatchObject({ code_description: 'NOT_ENOUGH_BALANCE' });
    }
    for (const answer of created) {
      await settledTransaction(server, eve, (answer.json() as Transaction).transaction_id);
    }
    const cards = (await send('GET', '/v1/prepaid-cards', eve)).json() as PrepaidCardList;
    expect(cards.data).toHaveLength(2);
    expect((await balanceOf(server.app, eve.accessToken)).available_in_cents).toBe(1_000);
  });
});

describe('the owner’s list', () => {
  it('pages newest first with a cursor, and answers a bad cursor with a 400', async () => {
    const fay = await fundedCustomer(server.app, merchant, 10_000);
    const ids: string[] = [];
    for (const cents of [1_000, 1_100, 1_200]) ids.push((await issued(fay, cents)).transaction_id);
    const first = (await send('GET', '/v1/prepaid-cards?limit=2', fay)).json() as PrepaidCardList;
    expect(first.data.map((c) => c.card_uuid)).toEqual([ids[2], ids[1]]);
    const second = (
      await send('GET', `/v1/prepaid-cards?limit=2&cursor=${first.next_cursor}`, fay)
    ).json() as PrepaidCardList;
    expect(second.data.map((c) => c.card_uuid)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();
    const bad = await send('GET', '/v1/prepaid-cards?cursor=nonsense', fay);
    expect(bad.statusCode).toBe(400);
    const badId = await send('GET', '/v1/prepaid-cards/not-a-uuid', fay);
    expect(badId.statusCode).toBe(400);
  });
});
