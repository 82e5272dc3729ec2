import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import * as schema from '../src/db/schema';
import {
  startStubHttpServer,
  type StubHttpServer,
} from '../src/providers/testing/stub-http-server';
import { namedConnection, startChildServer, type ChildServer } from './support/child-server';
import { addBankAccount } from './support/bank-fixtures';
import { fundedCustomer, mintWithdrawalCode } from './support/payout-fixtures';
import { newMerchant, refundBody, refundCustomer } from './support/refund-fixtures';
import { call, startTestServer } from './support/test-server';

const url = process.env.TEST_DATABASE_URL ?? '';

/** The real server in a process of its own; `crashAfter` names the commit it dies right after. */
const serverProcess = (crashAfter?: string) =>
  startChildServer({
    DATABASE_URL: namedConnection(url, `refund-api-${crypto.randomUUID().slice(0, 8)}`),
    JOB_POLL_SECONDS: '0.5',
    ...(crashAfter ? { CRASH_AFTER_COMMIT: crashAfter } : {}),
  });

async function killedBySelf(server: ChildServer): Promise<void> {
  await server.exited;
  expect(server.process.signalCode).toBe('SIGKILL');
}

async function inbox(server: ChildServer, to: string): Promise<{ body: string }[]> {
  const response = await fetch(`${server.origin}/v1/sandbox/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: { body: string }[] }).data;
}

let pool: pg.Pool;
let db: Db;
let stub: StubHttpServer;

// Only PostgreSQL lets a second process open the database a killed one left.
describe.runIf(url)('a process killed right after a commit', () => {
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 2 });
    db = drizzle(pool, { schema }) as unknown as Db;
    stub = await startStubHttpServer();
  });
  afterAll(async () => {
    await stub?.close();
    await pool?.end();
  });

  it('loses none of the messages and webhook events its changes caused', async () => {
    const first = await serverProcess('merchant-refund-created');
    const merchant = await newMerchant(db);
    const hookPath = `/hooks/${merchant.id}`;
    const endpoint = await fetch(`${first.origin}/v1/merchant/webhook-endpoint`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${merchant.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${stub.url}${hookPath}` }),
    });
    expect(endpoint.status).toBe(200);

    // The process dies as the refund commits: the merchant gets no answer.
    const customer = refundCustomer();
    const body = refundBody(customer);
    await expect(
      fetch(`${first.origin}/v1/merchant/refunds`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${merchant.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify(body),
      }),
    ).rejects.toThrow();
    await killedBySelf(first);
    const [refund] = await db
      .select({ id: schema.refunds.id })
      .from(schema.refunds)
      .where(eq(schema.refunds.orderNumber, body.order_number));
    if (!refund) throw new Error('the refund did not commit');

    // Back up, the server delivers the claim link the refund was created with, by SMS and email.
    const second = await serverProcess('merchant-refund-cancelled');
    const link = `/claim/${refund.id}`;
    for (const to of [customer.phone_number ?? '', customer.email]) {
      await expect
        .poll(async () => (await inbox(second, to)).filter((m) => m.body.includes(link)).length, {
          timeout: 15_000,
          interval: 200,
        })
        .toBe(1);
    }

    // It dies again as the merchant's cancellation commits; the next one sends the webhook.
    await expect(
      fetch(`${second.origin}/v1/merchant/refunds/${refund.id}/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${merchant.apiKey}` },
      }),
    ).rejects.toThrow();
    await killedBySelf(second);
    const third = await serverProcess();
    try {
      const cancelled = () =>
        stub.requests
          .filter((request) => request.path === hookPath)
          .map((request) => JSON.parse(request.body) as { type: string; data: object });
      await expect.poll(cancelled, { timeout: 15_000, interval: 200 }).toEqual([
        expect.objectContaining({
          type: 'refund.cancelled',
          data: expect.objectContaining({ refund_uuid: refund.id }),
        }),
      ]);
    } finally {
      third.process.kill('SIGTERM');
      await third.exited;
    }
  }, 120_000); // Three API processes in turn, two of them killed mid-change.

  it('submits a bank payout whose process died right after recording it', async () => {
    // Customers are set up by a server in this process, on the same database and secrets.
    const local = await startTestServer({ SANDBOX_ACH_SETTLEMENT_SECONDS: '3600' });
    const dying = await serverProcess('redemption-recorded');
    try {
      const merchant = await newMerchant(local.database.db);
      const person = await fundedCustomer(local.app, merchant, 5_000);
      const account = await addBankAccount(local.app, person.accessToken);
      const code = await mintWithdrawalCode(local.database.db, person.phone);
      await expect(
        fetch(`${dying.origin}/v1/redemptions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${person.accessToken}`,
            'content-type': 'application/json',
            'idempotency-key': crypto.randomUUID(),
          },
          body: JSON.stringify({
            mode: 'bank',
            payment_method_uuid: account,
            amount_in_cents: 2_000,
            ...code,
          }),
        }),
      ).rejects.toThrow();
      await killedBySelf(dying);

      // The redemption committed; its ACH submission was queued with it and is made now.
      const list = await call(local.app, 'GET', '/v1/transactions', undefined, {
        token: person.accessToken,
      });
      const [recorded] = list.json().data as { transaction_id: string; status: string }[];
      expect(recorded).toMatchObject({ status: 'Pending' });
      const detail = async () =>
        (
          await call(local.app, 'GET', `/v1/transactions/${recorded?.transaction_id}`, undefined, {
            token: person.accessToken,
          })
        ).json() as { network_reference: string | null };
      await expect
        .poll(async () => (await detail()).network_reference, { timeout: 15_000, interval: 200 })
        .toMatch(/^SBXACH/);
    } finally {
      await local.close();
    }
  }, 60_000); // An API process killed, then another one started on its work.
});
