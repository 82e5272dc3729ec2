import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutEvents, redemptions, sandboxCardPushes, users } from '../src/db/schema';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import {
  namedConnection,
  SHARED_SECRETS,
  startChildServer,
  type ChildServer,
} from './support/child-server';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import { balanceMatchesHistory, runWithConcurrency } from './support/redemption-load';
import { expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { startTestServer, type TestServer } from './support/test-server';

const url = process.env.TEST_DATABASE_URL ?? '';

const CUSTOMERS = 6;
const REDEMPTIONS_EACH = 20;
const FUNDED_CENTS = 30_000;
const AMOUNT_CENTS = 1_000;
/** How soon after the new process is up every push the killed one left must be resolved. */
const RESOLVED_WITHIN_MS = 10_000;

let server: TestServer;
let merchant: TestMerchant;

describe.runIf(url)('payouts of a process killed with SIGKILL', () => {
  beforeAll(async () => {
    // Sets up customers and checks the books; its own checks stay out of the way.
    server = await startTestServer({
      ...SHARED_SECRETS,
      CARD_PUSH_CHECK_INTERVAL_SECONDS: '3600',
    });
    merchant = await newMerchant(server.database.db);
  });
  afterAll(() => server?.close());

  it('are taken up as soon as the server is back: each paid exactly once, the books whole', async () => {
    const { db } = server.database;
    const people = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const person = await fundedCustomer(server.app, merchant, FUNDED_CENTS);
      people.push({
        person,
        card: await addCard(server.app, person.accessToken, sandboxCards.visaDebit),
      });
    }
    const requests = await Promise.all(
      people.flatMap((customer) =>
        Array.from({ length: REDEMPTIONS_EACH }, async () => ({
          customer,
          body: {
            mode: 'debit',
            payment_method_uuid: customer.card,
            amount_in_cents: AMOUNT_CENTS,
            ...(await mintWithdrawalCode(db, customer.person.phone)),
          },
        })),
      ),
    );
    const userIds = (
      await db
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(
            users.phoneNumber,
            people.map((c) => c.person.phone),
          ),
        )
    ).map((u) => u.id);
    const theirs = inArray(redemptions.userId, userIds);

    // The first server is killed while the redemptions run.
    const first: ChildServer = await startChildServer({
      DATABASE_URL: namedConnection(url, `refund-api-${crypto.randomUUID().slice(0, 8)}`),
    });
    let answered = 0;
    let aThirdAnswered!: () => void;
    const thirdAnswered = new Promise<void>((resolve) => (aThirdAnswered = resolve));
    const load = runWithConcurrency(requests, 32, async (request) => {
      try {
        await fetch(`${first.origin}/v1/redemptions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${request.customer.person.accessToken}`,
            'content-type': 'application/json',
            'idempotency-key': crypto.randomUUID(),
          },
          body: JSON.stringify(request.body),
        });
      } catch {
        // The server is gone: the request got no answer.
      } finally {
        answered += 1;
        if (answered >= requests.length / 3) aThirdAnswered();
      }
    });
    const pending = () =>
      db
        .select({ id: redemptions.id })
        .from(redemptions)
        .where(and(theirs, eq(redemptions.status, 'pending')));
    // Once a third have been answered, the card network stops answering: its record of pushes
    // (the sandbox's table) is locked, so every push made from then on waits, recorded as
    // pending, for an answer that never comes. The process is killed with payouts in flight;
    // then the network answers again. Waiting for a moment with payouts in flight instead was
    // a race: on a busy machine the few in flight were answered before the kill landed.
    await thirdAnswered;
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${sandboxCardPushes} in exclusive mode`);
      const deadline = Date.now() + 10_000;
      while ((await pending()).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      first.process.kill('SIGKILL');
      await first.exited;
    });
    await load;

    const leftBehind = await pending();
    // The kill caught payouts in flight (recorded, the push's answer not applied).
    expect(leftBehind.length).toBeGreaterThan(0);

    const second = await startChildServer({
      DATABASE_URL: namedConnection(url, `refund-api-${crypto.randomUUID().slice(0, 8)}`),
    });
    const backAt = Date.now();
    try {
      await expect
        .poll(
          async () =>
            (
              await db
                .select({ id: redemptions.id })
                .from(redemptions)
                .where(and(theirs, eq(redemptions.status, 'pending')))
            ).length,
          { timeout: RESOLVED_WITHIN_MS, interval: 100 },
        )
        .toBe(0);
      const tookMs = Date.now() - backAt;
      expect(tookMs).toBeLessThan(RESOLVED_WITHIN_MS);
    } finally {
      second.process.kill('SIGTERM');
      await second.exited;
    }

    // Every payout recorded was paid once: one push at the network, one outcome applied.
    const all = await db
      .select({ id: redemptions.id, status: redemptions.status })
      .from(redemptions)
      .where(theirs);
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((r) => r.status !== 'succeeded')).toEqual([]);
    const ids = all.map((r) => r.id);
    expect(
      await db
        .select({ reference: sandboxCardPushes.reference })
        .from(sandboxCardPushes)
        .where(inArray(sandboxCardPushes.reference, ids)),
    ).toHaveLength(ids.length);
    expect(
      await db
        .select({ id: payoutEvents.eventId })
        .from(payoutEvents)
        .where(inArray(payoutEvents.redemptionId, ids)),
    ).toHaveLength(ids.length);
    await expectLedgerBalanced(db);
    for (const { person } of people) {
      expect(await balanceMatchesHistory(server.app, person.accessToken)).toEqual({
        matches: true,
      });
    }
  }, 180_000); // Redemptions under load in a process that is killed, then restarted.
});
