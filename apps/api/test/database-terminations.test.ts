import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import {
  namedConnection,
  SHARED_SECRETS,
  startChildServer,
  terminateBackends,
  type ChildServer,
} from './support/child-server';
import { addBankAccount } from './support/bank-fixtures';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import { expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import {
  balanceMatchesHistory,
  runWithConcurrency,
  type LoadCustomer,
} from './support/redemption-load';
import { startTestServer, type TestServer } from './support/test-server';

const url = process.env.TEST_DATABASE_URL;

const CUSTOMERS = 8;
const REDEMPTIONS_EACH = 20;
const FUNDED_CENTS = 40_000;
const AMOUNT_CENTS = 1_000;

let server: TestServer;
let merchant: TestMerchant;

describe.runIf(url)('PostgreSQL ending the API’s connections under load', () => {
  beforeAll(async () => {
    // Sets up customers and checks the books; the server under attack is a process of its own.
    server = await startTestServer({ ...SHARED_SECRETS });
    merchant = await newMerchant(server.database.db);
  });
  afterAll(() => server?.close());

  it('the process keeps serving, answers 2xx, 4xx or 503 (never 500) and leaves the books whole', async () => {
    const customers: LoadCustomer[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const person = await fundedCustomer(server.app, merchant, FUNDED_CENTS);
      customers.push({
        person,
        card: await addCard(server.app, person.accessToken, sandboxCards.visaDebit),
        bank: await addBankAccount(server.app, person.accessToken),
      });
    }
    const requests = await Promise.all(
      customers.flatMap((customer) =>
        // Most go to the card (group commit); some to the bank account, whose redemption is
        // one transaction on a connection checked out of the pool.
        Array.from({ length: REDEMPTIONS_EACH }, async (_, i) => ({
          customer,
          key: crypto.randomUUID(),
          body: {
            mode: i % 4 === 3 ? 'bank' : 'debit',
            payment_method_uuid: i % 4 === 3 ? customer.bank : customer.card,
            amount_in_cents: AMOUNT_CENTS,
            ...(await mintWithdrawalCode(server.database.db, customer.person.phone)),
          },
        })),
      ),
    );

    const applicationName = `refund-api-${crypto.randomUUID().slice(0, 8)}`;
    const child: ChildServer = await startChildServer({
      DATABASE_URL: namedConnection(url ?? '', applicationName),
      JOB_POLL_SECONDS: '0.5',
    });
    try {
      const redeem = (request: (typeof requests)[number]) =>
        fetch(`${child.origin}/v1/redemptions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${request.customer.person.accessToken}`,
            'content-type': 'application/json',
            'idempotency-key': request.key,
          },
          body: JSON.stringify(request.body),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
        }));

      // PostgreSQL ends every connection of the server (its pool, its job queue's pool, any
      // session it holds) four times while the redemptions run.
      let answered = 0;
      const thresholds = [0.1, 0.3, 0.5, 0.7].map((share) => Math.floor(requests.length * share));
      const reached: (() => void)[] = [];
      const passed = thresholds.map(
        (_, i) => new Promise<void>((resolve) => (reached[i] = resolve)),
      );
      const load = runWithConcurrency(requests, 24, async (request) => {
        try {
          return await redeem(request);
        } catch (error) {
          return { status: 0, body: { error: String(error) } };
        } finally {
          answered += 1;
          thresholds.forEach((at, i) => {
            if (answered >= at) reached[i]?.();
          });
        }
      });
      let terminated = 0;
      for (const threshold of passed) {
        await threshold;
        terminated += await terminateBackends(url ?? '', applicationName);
      }
      const answers = await load;

      expect(terminated).toBeGreaterThan(0);
      const unexpected = answers.filter(
        (a) => !((a.status >= 200 && a.status < 500) || a.status === 503),
      );
      expect(unexpected, child.output()).toEqual([]);
      for (const refused of answers.filter((a) => a.status === 503)) {
        expect(refused.body).toEqual({
          code: 3002,
          code_description: 'SERVICE_UNAVAILABLE',
          message: expect.any(String),
        });
      }
      expect(child.running(), child.output()).toBe(true);
      expect((await fetch(`${child.origin}/readyz`)).status).toBe(200);

      // A client that was told 503 sends the same request again: it now gets its answer, and
      // a redemption that did go through is not made twice.
      const retried = await runWithConcurrency(
        requests.filter((_, i) => answers[i]?.status === 503),
        8,
        redeem,
      );
      expect(retried.map((a) => a.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
      // And it keeps serving new work.
      const [first] = customers;
      if (!first) throw new Error('no customers');
      const after = await redeem({
        customer: first,
        key: crypto.randomUUID(),
        body: {
          mode: 'debit',
          payment_method_uuid: first.card,
          amount_in_cents: AMOUNT_CENTS,
          ...(await mintWithdrawalCode(server.database.db, first.person.phone)),
        },
      });
      expect(after.status, JSON.stringify(after.body)).toBe(201);
    } finally {
      child.process.kill('SIGKILL');
      await child.exited;
    }

    await expectLedgerBalanced(server.database.db);
    for (const customer of customers) {
      expect(await balanceMatchesHistory(server.app, customer.person.accessToken)).toEqual({
        matches: true,
      });
    }
  }, 180_000); // Load on a child process while PostgreSQL ends its connections.
});
