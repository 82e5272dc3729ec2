import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FanCashLinkView } from '@refund/contracts/fancash';
import type { Transaction } from '@refund/contracts/redemptions';
import type { RedemptionMethod } from '@refund/contracts/wallet';
import { fancashCredits } from '../src/db/schema';
import { sandboxFanCash, sandboxFanCashCode } from '../src/providers/sandbox-fancash';
import { linkSandboxFan } from './support/fancash-fixtures';
import { settledTransaction } from './support/giftcard-fixtures';
import { FANCASH_CREDIT_QUEUE } from '../src/features/fancash/fancash-credits';
import { drainQueues, MESSAGE_QUEUE } from './support/job-drain';
import { fundedCustomer, mintWithdrawalCode, newMerchant } from './support/payout-fixtures';
import { ownDatabase } from './support/own-database';
import { digits, signUpNewPerson, type SignedIn } from './support/people';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * Redeeming to FanCash with the sandbox program: the linked account as the destination (the
 * customer's own, as it is now), credited once per Idempotency-Key and never beyond the balance
 * under parallel requests, the money back when the merchant refuses, and the fan credited being
 * the one linked when the redemption was made.
 */
let server: TestServer;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await ownDatabase();
  server = await startTestServer({
    SANDBOX_FANCASH_POST_SECONDS: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  merchant = await newMerchant(server.database.db);
});
afterAll(async () => {
  await server.close();
  await database?.drop();
});
afterEach(() => expectLedgerBalanced(server.database.db));

const send = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  person: SignedIn,
  body?: unknown,
  headers: Record<string, string> = {},
) => call(server.app, method, path, body, { token: person.accessToken, headers });

async function redeem(person: SignedIn, linkId: string, cents: number, key?: string) {
  const code = await mintWithdrawalCode(server.database.db, person.phone);
  return send(
    'POST',
    '/v1/redemptions',
    person,
    { mode: 'fancash', payment_method_uuid: linkId, amount_in_cents: cents, ...code },
    { 'idempotency-key': key ?? crypto.randomUUID() },
  );
}

async function credited(person: SignedIn, linkId: string, cents: number) {
  const response = await redeem(person, linkId, cents);
  expect(response.statusCode, response.body).toBe(201);
  return settledTransaction(server, person, (response.json() as Transaction).transaction_id);
}

const creditsOf = (redemptionId: string) =>
  server.database.db
    .select()
    .from(fancashCredits)
    .where(eq(fancashCredits.redemptionId, redemptionId));

describe('the fancash method', () => {
  it('is offered with its limits and no fee', async () => {
    const ann = await signUpNewPerson(server.app);
    const response = await send('GET', '/v1/redemption-methods', ann);
    const fancash = (response.json() as { data: RedemptionMethod[] }).data.find(
      (m) => m.mode === 'fancash',
    );
    expect(fancash).toEqual({
      mode: 'fancash',
      destination_kind: 'fancash',
      spends_bonus: false,
      is_available: true,
      min_amount: 500,
      max_amount: 50_000,
      fee_rate: 0,
      is_whole_amount_value_required: false,
    });
  });

  it('credits the linked fan: pending, then successful, named by the fan’s name', async () => {
    const ann = await fundedCustomer(server.app, merchant, 10_000);
    const link = await linkSandboxFan(server, ann, 'Alex M.');
    const response = await redeem(ann, link.id, 2_500);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ mode: 'fancash', status: 'Pending' });
    const tx = await settledTransaction(
      server,
      ann,
      (response.json() as Transaction).transaction_id,
    );
    expect(tx).toMatchObject({
      status: 'Successful',
      amount_in_cents: 2_500,
      fee_in_cents: 0,
      net_amount_in_cents: 2_500,
      destination: { kind: 'fancash', brand: 'FanCash', account_name: 'Alex M.' },
    });
    expect(tx.network_reference).toBeTruthy();
    expect(JSON.stringify(tx)).not.toContain('FAN-SANDBOX');
    expect((await balanceOf(server.app, ann.accessToken)).available_in_cents).toBe(7_500);
    const [credit] = await creditsOf(tx.transaction_id);
    expect(credit).toMatchObject({
      status: 'credited',
      fanId: expect.stringMatching(/^FAN-SANDBOX-0001-/),
    });
  });

  it('refuses amounts outside the limits, and moves nothing', async () => {
    const ben = await fundedCustomer(server.app, merchant, 60_000);
    const link = await linkSandboxFan(server, ben, 'Jordan T.');
    const before = await balanceOf(server.app, ben.accessToken);
    for (const cents of [499, 50_001]) {
      const response = await redeem(ben, link.id, cents);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code_description: 'AMOUNT_OUT_OF_RANGE' });
    }
    expect(await balanceOf(server.app, ben.accessToken)).toEqual(before);
  });
});

describe('whose account', () => {
  it('never credits another customer’s link, nor one without a link', async () => {
    const cam = await fundedCustomer(server.app, merchant, 5_000);
    const eve = await fundedCustomer(server.app, merchant, 5_000);
    const link = await linkOwnFan(cam, 'FAN-CAM-0001', 'Cam P.');
    const before = await balanceOf(server.app, eve.accessToken);
    const stolen = await redeem(eve, link.id, 1_000);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toMatchObject({ code_description: 'FANCASH_NOT_LINKED' });
    const unknown = await redeem(eve, crypto.randomUUID(), 1_000);
    expect(unknown.json()).toMatchObject({ code_description: 'FANCASH_NOT_LINKED' });
    expect(await balanceOf(server.app, eve.accessToken)).toEqual(before);
  });

  it('credits the fan linked when the redemption was made, and refuses a link replaced since', async () => {
    const dee = await fundedCustomer(server.app, merchant, 10_000);
    const first = await linkOwnFan(dee, 'FAN-DEE-0001', 'Dee K.');
    const response = await redeem(dee, first.id, 1_000);
    expect(response.statusCode, response.body).toBe(201);
    // Dee links another account straight away: the credit already made still goes to the first.
    const second = await linkOwnFan(dee, 'FAN-DEE-0002', 'Dee K. (work)');
    expect(second.id).not.toBe(first.id);
    const tx = await settledTransaction(
      server,
      dee,
      (response.json() as Transaction).transaction_id,
    );
    expect(tx.destination).toMatchObject({ kind: 'fancash', account_name: 'Dee K.' });
    expect((await creditsOf(tx.transaction_id))[0]?.fanId).toBe('FAN-DEE-0001');

    const stale = await redeem(dee, first.id, 1_000);
    expect(stale.json()).toMatchObject({ code_description: 'FANCASH_NOT_LINKED' });
    // Linking the same fan again keeps its id.
    expect((await linkOwnFan(dee, 'FAN-DEE-0002', 'Dee K. (work)')).id).toBe(second.id);
    // Unlinked: nothing can be sent to it any more.
    expect((await send('DELETE', '/v1/fancash/link', dee)).statusCode).toBe(204);
    const gone = await redeem(dee, second.id, 1_000);
    expect(gone.json()).toMatchObject({ code_description: 'FANCASH_NOT_LINKED' });
    expect((await balanceOf(server.app, dee.accessToken)).available_in_cents).toBe(9_000);
  });
});

describe('when the merchant refuses', () => {
  it('gives the money back and tells the customer, for a refused amount', async () => {
    const fay = await fundedCustomer(server.app, merchant, 5_000);
    const link = await linkOwnFan(fay, 'FAN-FAY-0001', 'Fay L.');
    const tx = await credited(fay, link.id, sandboxFanCash.failingAmountCents);
    expect(tx).toMatchObject({ status: 'Failed' });
    expect(tx.failure_reason).toContain('amount_not_allowed');
    expect((await balanceOf(server.app, fay.accessToken)).available_in_cents).toBe(5_000);
    expect((await creditsOf(tx.transaction_id))[0]).toMatchObject({ status: 'failed' });
    await drainQueues(server.database.db, [MESSAGE_QUEUE]);
    const inbox = await call(server.app, 'GET', `/v1/sandbox/messages?to=${digits(fay.phone)}`);
    const texts = (inbox.json() as { data: { body: string }[] }).data.map((m) => m.body);
    expect(texts.some((t) => t.includes('$17.17'))).toBe(true);
  });

  it('gives the money back at once for a fan whose credits are refused', async () => {
    const gus = await fundedCustomer(server.app, merchant, 5_000);
    const link = await linkSandboxFan(server, gus, 'Casey R. (credits refused)');
    const tx = await credited(gus, link.id, 1_000);
    expect(tx).toMatchObject({ status: 'Failed' });
    expect(tx.failure_reason).toContain('fan_not_linked');
    expect((await balanceOf(server.app, gus.accessToken)).available_in_cents).toBe(5_000);
  });

  it('stays pending while the merchant has not posted it', async () => {
    const hal = await fundedCustomer(server.app, merchant, 5_000);
    const link = await linkOwnFan(hal, 'FAN-HAL-0001', 'Hal B.');
    const response = await redeem(hal, link.id, sandboxFanCash.pendingCents);
    expect(response.statusCode, response.body).toBe(201);
    // Once the credit job has run (the merchant's answer: not posted yet), it is still pending.
    await drainQueues(server.database.db, [FANCASH_CREDIT_QUEUE]);
    const id = (response.json() as Transaction).transaction_id;
    const tx = (await send('GET', `/v1/transactions/${id}`, hal)).json() as Transaction;
    expect(tx.status).toBe('Pending');
    expect((await balanceOf(server.app, hal.accessToken)).available_in_cents).toBe(
      5_000 - sandboxFanCash.pendingCents,
    );
  });
});

describe('under parallel requests', () => {
  it('credits once per Idempotency-Key, however often it is sent at once', async () => {
    const ivy = await fundedCustomer(server.app, merchant, 5_000);
    const link = await linkOwnFan(ivy, 'FAN-IVY-0001', 'Ivy W.');
    const key = crypto.randomUUID();
    const code = await mintWithdrawalCode(server.database.db, ivy.phone);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(
          'POST',
          '/v1/redemptions',
          ivy,
          { mode: 'fancash', payment_method_uuid: link.id, amount_in_cents: 2_000, ...code },
          { 'idempotency-key': key },
        ),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 200)).toBe(true);
    const ids = new Set(answers.map((a) => (a.json() as Transaction).transaction_id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    await settledTransaction(server, ivy, id ?? '');
    expect(await creditsOf(id ?? '')).toHaveLength(1);
    expect((await balanceOf(server.app, ivy.accessToken)).available_in_cents).toBe(3_000);
  });

  it('never credits beyond the balance when many credits are asked for at once', async () => {
    const jon = await fundedCustomer(server.app, merchant, 5_000);
    const link = await linkOwnFan(jon, 'FAN-JON-0001', 'Jon A.');
    const answers = await Promise.all(Array.from({ length: 8 }, () => redeem(jon, link.id, 2_000)));
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.json()).toMatchObject({ code_description: 'NOT_ENOUGH_BALANCE' });
    }
    for (const answer of created) {
      const tx = await settledTransaction(
        server,
        jon,
        (answer.json() as Transaction).transaction_id,
      );
      expect(tx.status).toBe('Successful');
    }
    expect((await balanceOf(server.app, jon.accessToken)).available_in_cents).toBe(1_000);
  });
});

/**
 * Links a fan the sandbox page does not list (a sandbox fan belongs to one customer): the
 * sandbox's code names any well-formed fan, as if that fan had signed in at the merchant.
 */
async function linkOwnFan(
  person: SignedIn,
  fanId: string,
  displayName: string,
): Promise<FanCashLinkView> {
  const started = await send('POST', '/v1/fancash/link/start', person);
  const state = new URL(
    (started.json() as { authorize_url: string }).authorize_url,
  ).searchParams.get('state');
  const linked = await send('POST', '/v1/fancash/link/complete', person, {
    state,
    code: sandboxFanCashCode({ fanId, displayName }),
  });
  expect(linked.statusCode, linked.body).toBe(200);
  return linked.json() as FanCashLinkView;
}
