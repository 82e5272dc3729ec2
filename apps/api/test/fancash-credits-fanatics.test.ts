import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FanCashLinkView } from '@refund/contracts/fancash';
import type { Transaction } from '@refund/contracts/redemptions';
import { applyFanCashResult } from '../src/features/fancash/fancash-credits';
import { startFanaticsStub, type FanaticsStub } from '../src/providers/testing/fanatics-stub';
import { settledTransaction } from './support/giftcard-fixtures';
import { fundedCustomer, mintWithdrawalCode, newMerchant } from './support/payout-fixtures';
import { ownDatabase } from './support/own-database';
import type { SignedIn } from './support/people';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * Redeeming to FanCash with the merchant's loyalty API, against a local stand-in: credited once
 * even when the answer is lost (the retry looks the credit up, and a duplicate reference is
 * refused by the merchant), followed while pending until it posts or is refused, and outcomes
 * applied once in any order.
 */
const REFUSED_CENTS = 4_444;
let stub: FanaticsStub;
let server: TestServer;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let merchant: TestMerchant;
let person: SignedIn;
let link: FanCashLinkView;

beforeAll(async () => {
  stub = await startFanaticsStub({ rejectAmountCents: REFUSED_CENTS });
  database = await ownDatabase();
  server = await startTestServer({
    FANCASH_PROVIDER: 'fanatics',
    FANATICS_CLIENT_ID: stub.clientId,
    FANATICS_CLIENT_SECRET: stub.clientSecret,
    FANATICS_API_URL: stub.url,
    FANATICS_AUTH_URL: stub.url,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  merchant = await newMerchant(server.database.db);
  person = await fundedCustomer(server.app, merchant, 50_000);
  link = await linkAtMerchant(person, 'FAN-7001', 'Riley S.');
});
afterEach(() => {
  stub.respondWith(stub.respond);
  stub.postCreditsAfter(0);
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(async () => {
  await server.close();
  await stub.close();
  await database?.drop();
});

async function linkAtMerchant(who: SignedIn, fanId: string, name: string) {
  const started = await call(server.app, 'POST', '/v1/fancash/link/start', undefined, {
    token: who.accessToken,
  });
  const authorize = new URL((started.json() as { authorize_url: string }).authorize_url);
  const code = stub.issueCode(fanId, name, authorize.searchParams.get('redirect_uri') ?? '');
  const linked = await call(
    server.app,
    'POST',
    '/v1/fancash/link/complete',
    { state: authorize.searchParams.get('state'), code },
    { token: who.accessToken },
  );
  expect(linked.statusCode, linked.body).toBe(200);
  return linked.json() as FanCashLinkView;
}

async function redeem(cents: number): Promise<Transaction> {
  const code = await mintWithdrawalCode(server.database.db, person.phone);
  const response = await call(
    server.app,
    'POST',
    '/v1/redemptions',
    { mode: 'fancash', payment_method_uuid: link.id, amount_in_cents: cents, ...code },
    { token: person.accessToken, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Transaction;
}

/** The transaction once settled, waiting out the job's retries (a few seconds each). */
async function outcome(id: string): Promise<Transaction> {
  let tx = await settledTransaction(server, person, id);
  for (let i = 0; i < 4 && tx.status === 'Pending'; i += 1) {
    tx = await settledTransaction(server, person, id);
  }
  return tx;
}

const available = async () => (await balanceOf(server.app, person.accessToken)).available_in_cents;

describe('crediting FanCash at the merchant', () => {
  it('credits the fan with our reference, and shows it successful', async () => {
    const before = await available();
    const tx = await outcome((await redeem(2_500)).transaction_id);
    expect(tx).toMatchObject({
      status: 'Successful',
      destination: { kind: 'fancash', account_name: 'Riley S.' },
    });
    expect(stub.credits.get(tx.transaction_id)).toMatchObject({
      fanId: 'FAN-7001',
      amountCents: 2_500,
    });
    expect(tx.network_reference).toBe(stub.credits.get(tx.transaction_id)?.id);
    expect(await available()).toBe(before - 2_500);
  });

  it('credits once when the merchant made the credit but the answer was lost', async () => {
    let dropped = 0;
    stub.respondWith((request, response) => {
      if (request.method === 'POST' && request.path.startsWith('/loyalty/v1/earn') && !dropped) {
        dropped += 1;
        // The merchant credits, and the connection drops before the answer arrives.
        const discard = { writeHead: () => discard, end: () => discard } as never;
        void stub.respond(request, discard);
        response.destroy();
        return;
      }
      return stub.respond(request, response);
    });
    const credits = stub.credits.size;
    const tx = await outcome((await redeem(1_500)).transaction_id);
    expect(tx.status).toBe('Successful');
    expect(dropped).toBe(1);
    expect(stub.credits.size).toBe(credits + 1);
    const earns = stub.requests.filter(
      (r) => r.method === 'POST' && r.body.includes(tx.transaction_id),
    );
    // Asked once: the retry found the credit by looking it up.
    expect(earns).toHaveLength(1);
  });

  it('follows a pending credit until it posts', async () => {
    stub.postCreditsAfter(2_500);
    const tx = await redeem(1_200);
    const early = await call(
      server.app,
      'GET',
      `/v1/transactions/${tx.transaction_id}`,
      undefined,
      {
        token: person.accessToken,
      },
    );
    expect((early.json() as Transaction).status).toBe('Pending');
    expect((await outcome(tx.transaction_id)).status).toBe('Successful');
  });

  it('gives the money back when the merchant refuses, at once or after pending', async () => {
    const before = await available();
    const refused = await outcome((await redeem(REFUSED_CENTS)).transaction_id);
    expect(refused).toMatchObject({ status: 'Failed' });
    expect(refused.failure_reason).toContain('amount_not_allowed');

    stub.postCreditsAfter(60_000);
    const pending = await redeem(1_300);
    await expect
      .poll(() => stub.credits.has(pending.transaction_id), { timeout: 10_000 })
      .toBe(true);
    stub.reject(pending.transaction_id, 'account_closed');
    const closed = await outcome(pending.transaction_id);
    expect(closed).toMatchObject({ status: 'Failed' });
    expect(closed.failure_reason).toContain('account_closed');
    expect(await available()).toBe(before);
  });

  it('applies outcomes once, in any order', async () => {
    stub.postCreditsAfter(60_000);
    const tx = await redeem(1_100);
    const before = await available();
    const deps = { db: server.database.db, jobs: server.jobs };
    await applyFanCashResult(deps, tx.transaction_id, { status: 'credited', creditId: 'ern_1' });
    await applyFanCashResult(deps, tx.transaction_id, { status: 'credited', creditId: 'ern_1' });
    await applyFanCashResult(deps, tx.transaction_id, { status: 'failed', reason: 'late' });
    const settled = await settledTransaction(server, person, tx.transaction_id);
    expect(settled).toMatchObject({ status: 'Successful', network_reference: 'ern_1' });
    expect(await available()).toBe(before);

    const other = await redeem(1_000);
    await applyFanCashResult(deps, other.transaction_id, { status: 'failed', reason: 'refused' });
    await applyFanCashResult(deps, other.transaction_id, { status: 'credited', creditId: 'x' });
    await applyFanCashResult(deps, other.transaction_id, { status: 'failed', reason: 'refused' });
    expect((await settledTransaction(server, person, other.transaction_id)).status).toBe('Failed');
    expect(await available()).toBe(before);
  });
});
