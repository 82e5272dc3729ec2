import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardPushChecks, payoutEvents } from '../src/db/schema';
import {
  createCardPushChecks,
  PUSH_NOT_MADE_REASON,
} from '../src/features/payouts/methods/debit-card/card-push-checks';
import { createCardVault } from '../src/features/cards/card-vault';
import { createSandboxCardPayouts, sandboxCards } from '../src/providers/sandbox-card-payouts';
import { addCard, newMerchant, redeemAll } from './support/payout-fixtures';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { startTestServer, type TestServer } from './support/test-server';

const NOT_FOUND_AFTER_SECONDS = 4;

let server: TestServer;
let merchant: TestMerchant;

// The only server in this file: on PostgreSQL test servers share the job tables.
beforeAll(async () => {
  server = await startTestServer({
    CARD_PUSH_CHECK_AFTER_SECONDS: '0',
    CARD_PUSH_CHECK_INTERVAL_SECONDS: '0.5',
    CARD_PUSH_NOT_FOUND_AFTER_SECONDS: String(NOT_FOUND_AFTER_SECONDS),
  });
  merchant = await newMerchant(server.database.db);
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

/** The job's run as the server wires it, to run it once more by hand. */
const checkAgain = () =>
  createCardPushChecks({
    db: server.database.db,
    jobs: server.jobs,
    lookup: createSandboxCardPayouts({
      db: server.database.db,
      scheduleReturn: () => Promise.resolve(),
    }),
    vault: createCardVault(server.database.db, server.config.VAULT_KEY),
    logger: server.app.log,
    checkAfterSeconds: 0,
    notFoundAfterSeconds: NOT_FOUND_AFTER_SECONDS,
    intervalSeconds: 0.5,
  })();

/** A debit redemption whose push got no answer: the customer sees it Pending, money in transit. */
async function pushWithNoAnswer(cardNumber: string, cents = 2_000) {
  const redeemed = await redeemAll({ server, merchant }, cents, 'debit', (token) =>
    addCard(server.app, token, cardNumber),
  );
  expect(redeemed.response.json()).toMatchObject({ status: 'Pending', network_reference: null });
  expect((await balanceOf(server.app, redeemed.person.accessToken)).available_in_cents).toBe(0);
  return redeemed;
}

const eventsOf = (id: string) =>
  server.database.db.select().from(payoutEvents).where(eq(payoutEvents.redemptionId, id));

describe('card pushes that got no answer are looked up later', () => {
  it('a push that went through is found and shown Successful; another run changes nothing', async () => {
    const { person, id, detail, messages } = await pushWithNoAnswer(sandboxCards.noAnswerPaid);
    /** The transaction as the history's first page lists it. */
    const listed = async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: '/v1/transactions?limit=10',
        headers: { authorization: `Bearer ${person.accessToken}` },
      });
      expect(response.statusCode).toBe(200);
      const { data } = response.json<{ data: { transaction_id: string }[] }>();
      return data.find((t) => t.transaction_id === id);
    };
    expect(await listed()).toMatchObject({ status: 'Pending', network_reference: null });
    await expect.poll(async () => (await detail()).status, { timeout: 15_000 }).toBe('Successful');
    const done = await detail();
    // The history, read before as Pending, lists it as it is now.
    expect(await listed()).toEqual(done);
    expect(done.network_reference).toMatch(/^SBX/);
    const sms = (await messages()).length;

    await checkAgain();
    await checkAgain();
    expect(await detail()).toEqual(done);
    expect(await eventsOf(id)).toHaveLength(1);
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(0);
    expect((await messages()).length).toBe(sms);
  });

  it('a push the issuer declined fails: the amount and fee come back and an SMS says so', async () => {
    const { person, id, detail, messages } = await pushWithNoAnswer(
      sandboxCards.noAnswerDeclined,
      3_000,
    );
    await expect.poll(async () => (await detail()).status, { timeout: 15_000 }).toBe('Failed');
    expect(await detail()).toMatchObject({
      failure_reason: 'The card issuer declined the payout.',
      returned: false,
    });
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(3_000);
    await expect
      .poll(async () => (await messages())[0]?.body, { timeout: 15_000 })
      .toContain('did not go through');

    const sms = (await messages()).length;
    await checkAgain();
    expect(await eventsOf(id)).toHaveLength(1);
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(3_000);
    expect((await messages()).length).toBe(sms);
  });

  it('a push the network never saw stays Pending through the safe window, then fails with the money back', async () => {
    const { person, id, detail } = await pushWithNoAnswer(sandboxCards.noAnswerLost, 1_500);
    // Looked up and not found, but too early to tell "never made" from "not there yet".
    await expect
      .poll(
        async () =>
          (
            await server.database.db
              .select()
              .from(cardPushChecks)
              .where(eq(cardPushChecks.redemptionId, id))
          )[0]?.lastResult,
        { timeout: 10_000 },
      )
      .toBe('not_found');
    expect(await detail()).toMatchObject({ status: 'Pending' });
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(0);

    await expect
      .poll(async () => (await detail()).status, { timeout: 20_000, interval: 500 })
      .toBe('Failed');
    expect(await detail()).toMatchObject({ failure_reason: PUSH_NOT_MADE_REASON });
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(1_500);
  });

  it('a push still in progress is asked about again later, not failed', async () => {
    const { id, detail } = await pushWithNoAnswer(sandboxCards.noAnswerSlow);
    await expect
      .poll(async () => (await detail()).status, { timeout: 20_000, interval: 500 })
      .toBe('Successful');
    const [check] = await server.database.db
      .select()
      .from(cardPushChecks)
      .where(eq(cardPushChecks.redemptionId, id));
    expect(check).toMatchObject({ lastResult: 'succeeded' });
    expect(check?.attempts).toBeGreaterThanOrEqual(2);
  });

  it('card numbers never reach the logs', () => {
    const logs = server.logLines.join('\n');
    for (const number of [
      sandboxCards.noAnswerPaid,
      sandboxCards.noAnswerDeclined,
      sandboxCards.noAnswerLost,
      sandboxCards.noAnswerSlow,
    ]) {
      expect(logs).not.toContain(number);
    }
    expect(logs).toContain('card push outcome applied');
  });
});
