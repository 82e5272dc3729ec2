import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { INCREASE_EVENT_QUEUE } from '../src/features/payouts/methods/bank-account/increase-events';
import { ACH_REJECTED_REASON } from '../src/providers/increase-ach-payouts';
import { signIncreaseWebhook } from '../src/providers/increase-webhook-signature';
import { sendJson, type RecordedRequest } from '../src/providers/testing/stub-http-server';
import { redeemToBank } from './support/bank-fixtures';
import { drainQueues, MESSAGE_QUEUE } from './support/job-drain';
import { startIncreaseWorld, type IncreaseWorld } from './support/increase-fixtures';
import { balanceOf, expectLedgerBalanced } from './support/refund-fixtures';
import { call, TEST_INCREASE_WEBHOOK_SECRET } from './support/test-server';

const secret = TEST_INCREASE_WEBHOOK_SECRET;

/** Increase's ACH Transfer objects, as the stub holds them: what a GET answers now. */
const transfers = new Map<string, Record<string, unknown>>();

function transfer(id: string, key: string | null, overrides: Record<string, unknown> = {}) {
  return {
    id,
    type: 'ach_transfer',
    status: 'submitted',
    idempotency_key: key,
    settlement: null,
    return: null,
    ...overrides,
  };
}

const settled = { settlement: { settled_at: '2026-05-04T15:00:00Z' } };
const returned = (code: string) => ({
  status: 'returned',
  return: {
    raw_return_reason_code: code,
    return_reason_code: 'insufficient_fund',
    created_at: '2026-05-05T10:00:00Z',
    transaction_id: 'transaction_return_1',
    transfer_id: 'x',
    trace_number: '021000020000001',
  },
});

function increaseAnswer(request: RecordedRequest, response: Parameters<typeof sendJson>[0]) {
  if (request.method === 'POST' && request.path === '/ach_transfers') {
    const key = String(request.headers['idempotency-key']);
    const created = transfer(`ach_transfer_${key.slice(0, 8)}`, key, {
      status: 'pending_submission',
    });
    transfers.set(created.id, created);
    return sendJson(response, 200, created);
  }
  const id = /^\/ach_transfers\/([^/?]+)$/.exec(request.path)?.[1];
  const found = id ? transfers.get(decodeURIComponent(id)) : undefined;
  if (request.method === 'GET' && found) return sendJson(response, 200, found);
  return sendJson(response, 404, { status: 404, type: 'object_not_found_error' });
}

let world: IncreaseWorld;

// The only server in this file: on PostgreSQL test servers share the job tables.
beforeAll(async () => {
  world = await startIncreaseWorld(increaseAnswer);
});
afterEach(() => expectLedgerBalanced(world.server.database.db));
afterAll(() => world.close());

/** A bank redemption Increase has accepted: pending, with the transfer id as its reference. */
async function submittedPayout(cents: number) {
  const { person, id, detail } = await redeemToBank(world, cents);
  const transferId = `ach_transfer_${id.slice(0, 8)}`;
  await expect
    .poll(async () => (await detail()).network_reference, { timeout: 15_000 })
    .toBe(transferId);
  const messages = async () =>
    (await call(world.server.app, 'GET', `/v1/sandbox/messages?to=${person.phone}`)).json()
      .data as { body: string }[];
  return { person, id, transferId, detail, messages };
}

/** Makes Increase's copy of the transfer say this from now on. */
function increaseSays(transferId: string, overrides: Record<string, unknown>) {
  const current = transfers.get(transferId);
  if (!current) throw new Error(`the stub has no ${transferId}`);
  transfers.set(transferId, { ...current, ...overrides });
}

const eventBody = (transferId: string, overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: `event_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`,
    created_at: new Date().toISOString(),
    category: 'ach_transfer.updated',
    associated_object_type: 'ach_transfer',
    associated_object_id: transferId,
    type: 'event',
    ...overrides,
  });

/** POSTs a body to the receiver as Increase does, signed unless a header is given. */
function deliver(body: string, signature: string | null = signIncreaseWebhook(secret, body)) {
  return world.server.app.inject({
    method: 'POST',
    url: '/v1/webhooks/increase',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'increase-webhook-signature': signature }),
    },
    payload: body,
  });
}

const readsOf = (transferId: string) =>
  world.increase.requests.filter(
    (r) => r.method === 'GET' && r.path === `/ach_transfers/${transferId}`,
  );

/** Waits until every queued Increase event, and every message it queued, has been worked. */
const settle = () => drainQueues(world.server.database.db, [INCREASE_EVENT_QUEUE, MESSAGE_QUEUE]);

describe('Increase webhooks: settlement and returns of ACH payouts', () => {
  it('a settled transfer marks the payout Successful; the transfer is read back with the key', async () => {
    const { person, transferId, detail } = await submittedPayout(2_500);
    increaseSays(transferId, settled);
    const answer = await deliver(eventBody(transferId));
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    await expect.poll(async () => (await detail()).status, { timeout: 15_000 }).toBe('Successful');
    expect(await detail()).toMatchObject({ returned: false, network_reference: transferId });
    expect(readsOf(transferId)[0]?.headers.authorization).toBe('Bearer increase-test-key');
    expect((await balanceOf(world.server.app, person.accessToken)).available_in_cents).toBe(0);
  });

  it('a return (R01) puts the whole amount back, names the code and tells the customer', async () => {
    const { person, transferId, detail, messages } = await submittedPayout(1_800);
    increaseSays(transferId, settled);
    expect((await deliver(eventBody(transferId))).statusCode).toBe(204);
    await expect.poll(async () => (await detail()).status, { timeout: 15_000 }).toBe('Successful');

    increaseSays(transferId, returned('R01'));
    expect((await deliver(eventBody(transferId))).statusCode).toBe(204);
    await expect.poll(async () => (await detail()).returned, { timeout: 15_000 }).toBe(true);
    expect(await detail()).toMatchObject({
      status: 'Failed',
      failure_reason: 'The bank returned the payout (R01: insufficient funds).',
    });
    expect((await balanceOf(world.server.app, person.accessToken)).available_in_cents).toBe(1_800);
    await expect
      .poll(async () => (await messages())[0]?.body, { timeout: 15_000 })
      .toContain('was returned');
    await expectLedgerBalanced(world.server.database.db);
  });

  it('a replayed delivery, or a settlement arriving after the return, changes nothing', async () => {
    const { person, transferId, detail, messages } = await submittedPayout(3_000);
    increaseSays(transferId, returned('R03'));
    const body = eventBody(transferId);
    const signature = signIncreaseWebhook(secret, body);
    expect((await deliver(body, signature)).statusCode).toBe(204);
    await expect.poll(async () => (await detail()).returned, { timeout: 15_000 }).toBe(true);
    await expect
      .poll(async () => (await messages())[0]?.body, { timeout: 15_000 })
      .toContain('was returned');
    const after = await detail();
    const sms = (await messages()).length;

    // The same delivery again, then an older "settled" event read late and a fresh settle.
    expect((await deliver(body, signature)).statusCode).toBe(204);
    increaseSays(transferId, { ...settled, status: 'submitted', return: null });
    expect((await deliver(eventBody(transferId))).statusCode).toBe(204);
    await expect.poll(() => readsOf(transferId).length, { timeout: 15_000 }).toBe(3);
    await settle();

    expect(await detail()).toEqual(after);
    expect(after).toMatchObject({
      status: 'Failed',
      failure_reason: 'The bank returned the payout (R03: no account/unable to locate account).',
    });
    expect((await balanceOf(world.server.app, person.accessToken)).available_in_cents).toBe(3_000);
    expect((await messages()).length).toBe(sms);
  });

  it('a transfer Increase rejects gives the money back as a failure', async () => {
    const { person, transferId, detail } = await submittedPayout(1_200);
    increaseSays(transferId, { status: 'rejected' });
    expect((await deliver(eventBody(transferId))).statusCode).toBe(204);
    await expect.poll(async () => (await detail()).status, { timeout: 15_000 }).toBe('Failed');
    expect(await detail()).toMatchObject({ returned: false, failure_reason: ACH_REJECTED_REASON });
    expect((await balanceOf(world.server.app, person.accessToken)).available_in_cents).toBe(1_200);
  });

  it.each([
    ['no signature', () => null],
    ['a signature with another secret', (body: string) => signIncreaseWebhook('whsec_other', body)],
    [
      'a signature ten minutes old',
      (body: string) => signIncreaseWebhook(secret, body, new Date(Date.now() - 600_000)),
    ],
    ['a signature of another body', (body: string) => signIncreaseWebhook(secret, `${body} `)],
    ['a malformed header', () => 't=yesterday,v1=abc'],
  ])('%s is refused with 401 in the error shape and changes nothing', async (_case, sign) => {
    const { person, transferId, detail } = await submittedPayout(900);
    increaseSays(transferId, returned('R01'));
    const body = eventBody(transferId);
    const answer = await deliver(body, sign(body));
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({
      code: 2001,
      code_description: 'UNAUTHORIZED',
      message: 'The webhook signature is not valid.',
    });
    await settle();
    expect(readsOf(transferId)).toHaveLength(0);
    expect(await detail()).toMatchObject({ status: 'Pending', returned: false });
    expect((await balanceOf(world.server.app, person.accessToken)).available_in_cents).toBe(0);
  });

  it('a signed event for a transfer that is not a payout is answered 2xx and ignored', async () => {
    transfers.set('ach_transfer_dashboard', transfer('ach_transfer_dashboard', null, settled));
    const foreign = await deliver(eventBody('ach_transfer_dashboard'));
    const unknown = await deliver(eventBody('ach_transfer_nowhere'));
    const other = await deliver(
      eventBody('transaction_abc123', {
        category: 'transaction.created',
        associated_object_type: 'transaction',
      }),
    );
    expect([foreign.statusCode, unknown.statusCode, other.statusCode]).toEqual([204, 204, 204]);
    await expect
      .poll(
        () =>
          world.server.logLines.filter((l) =>
            l.includes('Increase event for a transfer that is not a payout; ignored'),
          ).length,
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);
    expect(readsOf('transaction_abc123')).toHaveLength(0);
    expect(world.increase.requests.some((r) => r.path.includes('transaction_abc123'))).toBe(false);
  });

  it('a signed body that is not an event is refused with 400; the secret never reaches the logs', async () => {
    const answer = await deliver('{"hello":"world"}');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    expect(world.server.logLines.join('\n')).not.toContain(secret);
  });
});

describe('Increase webhook configuration', () => {
  it('Increase for ACH without the webhook secret refuses to start', () => {
    expect(() =>
      loadConfig({ ACH_PROVIDER: 'increase', INCREASE_API_KEY: 'k', INCREASE_ACCOUNT_ID: 'a' }),
    ).toThrowError(/INCREASE_WEBHOOK_SECRET: required for ACH_PROVIDER=increase/);
  });
});
