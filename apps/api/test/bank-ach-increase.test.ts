import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACH_REJECTED_REASON } from '../src/providers/increase-ach-payouts';
import { sendJson, type RecordedRequest } from '../src/providers/testing/stub-http-server';
import { redeemToBank } from './support/bank-fixtures';
import { startIncreaseWorld, type IncreaseWorld } from './support/increase-fixtures';
import { balanceOf, expectLedgerBalanced } from './support/refund-fixtures';
import { call } from './support/test-server';

// Account numbers that make the stub answer as Increase would in each case.
const refused = '00000000400';
const flaky = '00000000503';

let world: IncreaseWorld;
const answered = new Map<string, number>();

function increaseAnswer(request: RecordedRequest, response: Parameters<typeof sendJson>[0]) {
  const body = JSON.parse(request.body) as { account_number: string };
  const key = String(request.headers['idempotency-key']);
  const seen = answered.get(key) ?? 0;
  answered.set(key, seen + 1);
  if (body.account_number === refused) {
    return sendJson(response, 400, {
      status: 400,
      type: 'invalid_parameters_error',
      title: 'Invalid parameters.',
      detail: `account_number ${refused} is invalid`,
    });
  }
  if (body.account_number === flaky && seen === 0) {
    return sendJson(response, 503, { status: 503, type: 'internal_server_error' });
  }
  return sendJson(response, 200, {
    id: `ach_transfer_${key.slice(0, 8)}`,
    type: 'ach_transfer',
    status: 'pending_approval',
  });
}

// The only server in this file: on PostgreSQL test servers share the job tables.
beforeAll(async () => {
  world = await startIncreaseWorld(increaseAnswer);
});
afterEach(() => expectLedgerBalanced(world.server.database.db));
afterAll(() => world.close());

const redeem = (accountNumber: string, cents: number) =>
  redeemToBank(world, cents, { account_number: accountNumber, account_type: 'savings' });

const requestsFor = (id: string) =>
  world.increase.requests.filter((r) => r.headers['idempotency-key'] === id);

describe('ACH payouts through Increase (a stub speaking its API)', () => {
  it('submits the credit; it stays pending with the transfer id as its reference', async () => {
    const { person, id, detail } = await redeem('123456789', 2_500);
    await expect
      .poll(async () => (await detail()).network_reference, { timeout: 10_000 })
      .toBe(`ach_transfer_${id.slice(0, 8)}`);
    const [request] = requestsFor(id);
    expect(request?.headers.authorization).toBe('Bearer increase-test-key');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      account_id: 'account_test',
      amount: 2_500,
      account_number: '123456789',
      routing_number: '021000021',
      funding: 'savings',
      individual_name: 'Pat Doe',
    });
    expect(await detail()).toMatchObject({ status: 'Pending' });
    expect((await balanceOf(world.server.app, person.accessToken)).available_in_cents).toBe(0);
    expect(world.server.logLines.join('\n')).not.toContain('123456789');
  });

  it('a credit Increase refuses fails at once: the money comes back and an SMS says so', async () => {
    const { person, detail } = await redeem(refused, 1_800);
    await expect.poll(async () => (await detail()).status, { timeout: 10_000 }).toBe('Failed');
    expect(await detail()).toMatchObject({ failure_reason: ACH_REJECTED_REASON, returned: false });
    expect((await balanceOf(world.server.app, person.accessToken)).available_in_cents).toBe(1_800);
    await expect
      .poll(
        async () =>
          (await call(world.server.app, 'GET', `/v1/sandbox/messages?to=${person.phone}`)).json()
            .data[0]?.body,
        { timeout: 10_000 },
      )
      .toContain('did not go through');
  });

  it('Increase being down leaves it pending; the retry, with the same key, submits it once', async () => {
    const { person, id, detail } = await redeem(flaky, 3_000);
    await expect.poll(() => requestsFor(id).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(await detail()).toMatchObject({ status: 'Pending', network_reference: null });
    await expect
      .poll(async () => (await detail()).network_reference, { timeout: 25_000 })
      .toBe(`ach_transfer_${id.slice(0, 8)}`);
    expect(requestsFor(id)).toHaveLength(2);
    expect(world.server.logLines.join('\n')).toContain('ACH submission failed; it will be retried');
    expect(world.server.logLines.join('\n')).not.toContain(flaky);
    expect((await balanceOf(world.server.app, person.accessToken)).available_in_cents).toBe(0);
  }, 40_000); // The retry waits out the job queue's backoff: up to 25 s before the second try.
});
