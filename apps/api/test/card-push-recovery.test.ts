import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { feeCents } from '@refund/contracts/redemptions';
import { INSTANCE_LOCK_CLASS, instanceOf } from '../src/db/database';
import { cardPayouts, payoutEvents, sandboxCardPushes, users } from '../src/db/schema';
import { createCardVault } from '../src/features/cards/card-vault';
import { planTransfer } from '../src/features/ledger/ledger';
import { createCardPushChecks } from '../src/features/payouts/methods/debit-card/card-push-checks';
import { payoutTransfer } from '../src/features/payouts/redemption-method';
import { createSandboxCardPayouts, sandboxCards } from '../src/providers/sandbox-card-payouts';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import { debitCardBatches } from './support/debit-batches';
import type { SignedIn } from './support/people';
import { balanceMatchesHistory } from './support/redemption-load';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

const url = process.env.TEST_DATABASE_URL;

let server: TestServer;
let merchant: TestMerchant;

beforeAll(async () => {
  // The server's own checks run on start-up and then rarely; the test runs them by hand.
  server = await startTestServer({ CARD_PUSH_CHECK_INTERVAL_SECONDS: '3600' });
  merchant = await newMerchant(server.database.db);
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

/** One run of the card push check as the server wires it. */
const check = () =>
  createCardPushChecks({
    db: server.database.db,
    jobs: server.jobs,
    lookup: createSandboxCardPayouts({
      db: server.database.db,
      scheduleReturn: () => Promise.resolve(),
    }),
    vault: createCardVault(server.database.db, server.config.VAULT_KEY),
    logger: server.app.log,
    checkAfterSeconds: 120,
    notFoundAfterSeconds: 900,
    intervalSeconds: 30,
  })();

/**
 * A card redemption recorded by a process whose id is `holder` (money moved, push in flight),
 * as the request path records it, and then left: the process never got to apply an answer.
 */
async function leftInFlight(holder: number, cents = 2_000) {
  const { db } = server.database;
  const person = await fundedCustomer(server.app, merchant, cents);
  const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, person.phone));
  if (!user) throw new Error('no such user');
  const { batches } = debitCardBatches(db, server.config.VAULT_KEY, holder);
  const code = await mintWithdrawalCode(db, person.phone);
  const id = crypto.randomUUID();
  const fee = feeCents(cents, 150);
  const recorded = await batches.record({
    id,
    userId: user.id,
    idempotencyKey: crypto.randomUUID(),
    requestHash: 'hash',
    destinationId: card,
    amountCents: cents,
    feeCents: fee,
    attemptId: code.attempt_id,
    code: code.code,
    plan: await planTransfer(db, payoutTransfer(id, user.id, cents, fee)),
  });
  expect(recorded).not.toBeNull();
  expect(await detail(person, id)).toMatchObject({ status: 'Pending' });
  expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(0);
  return { person, id, net: cents - fee };
}

const detail = async (person: SignedIn, id: string) =>
  (
    await call(server.app, 'GET', `/v1/transactions/${id}`, undefined, {
      token: person.accessToken,
    })
  ).json() as Record<string, unknown>;

/** What the sandbox card network did with the push of this reference (at most one record). */
const networkRecords = (id: string) =>
  server.database.db.select().from(sandboxCardPushes).where(eq(sandboxCardPushes.reference, id));

const eventsOf = (id: string) =>
  server.database.db.select().from(payoutEvents).where(eq(payoutEvents.redemptionId, id));

const holderOf = async (id: string) =>
  (
    await server.database.db
      .select({ holder: cardPayouts.pushHolder })
      .from(cardPayouts)
      .where(eq(cardPayouts.redemptionId, id))
  )[0]?.holder;

/** An instance id no live process holds. */
const goneProcess = () => 1 + Math.floor(Math.random() * 1_000_000);

async function expectPaidOnce(person: SignedIn, id: string) {
  const done = await detail(person, id);
  expect(done).toMatchObject({
    status: 'Successful',
    network_reference: expect.stringMatching(/^SBX/),
  });
  expect(await networkRecords(id)).toHaveLength(1);
  expect(await eventsOf(id)).toHaveLength(1);
  expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(0);
  expect(await balanceMatchesHistory(server.app, person.accessToken)).toEqual({ matches: true });
  // Another run changes nothing.
  await check();
  expect(await detail(person, id)).toEqual(done);
  expect(await eventsOf(id)).toHaveLength(1);
}

describe('card pushes left behind by a process that is gone are taken up at once', () => {
  it('a push that never reached the network is made now, once', async () => {
    const { person, id } = await leftInFlight(goneProcess());
    expect(await networkRecords(id)).toHaveLength(0);

    const run = await check();
    expect(run.recovered).toBeGreaterThanOrEqual(1);
    await expectPaidOnce(person, id);
  });

  it('a push the network made is found and applied, not made again', async () => {
    const { person, id, net } = await leftInFlight(goneProcess());
    await server.database.db.insert(sandboxCardPushes).values({
      reference: id,
      outcome: 'succeeded',
      networkReference: `SBX${id.replaceAll('-', '').slice(0, 12).toUpperCase()}`,
    });

    await check();
    await expectPaidOnce(person, id);
    const [record] = await networkRecords(id);
    expect(record?.lookups).toBe(1);
    expect(net).toBeGreaterThan(0);
  });

  it('a push the issuer declined fails and gives the money back, once', async () => {
    const { person, id } = await leftInFlight(goneProcess(), 3_000);
    await server.database.db.insert(sandboxCardPushes).values({
      reference: id,
      outcome: 'declined',
      reason: 'The card issuer declined the payout.',
    });

    await check();
    expect(await detail(person, id)).toMatchObject({
      status: 'Failed',
      failure_reason: 'The card issuer declined the payout.',
    });
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(3_000);
    await check();
    expect(await eventsOf(id)).toHaveLength(1);
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(3_000);
  });

  it("this process's own push that no request is making any more is taken up too", async () => {
    // A request that recorded the payout and then lost its database connection.
    const { person, id } = await leftInFlight(instanceOf(server.database.db).id);
    await check();
    await expectPaidOnce(person, id);
  });

  it.runIf(url)(
    "another live process's push is left alone until that process is gone",
    async () => {
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      const live = goneProcess();
      await other.query('select pg_advisory_lock($1, $2)', [INSTANCE_LOCK_CLASS, live]);
      const { person, id } = await leftInFlight(live);

      await check();
      expect(await detail(person, id)).toMatchObject({ status: 'Pending' });
      expect(await holderOf(id)).toBe(live);
      expect(await networkRecords(id)).toHaveLength(0);

      await other.end();
      await check();
      await expectPaidOnce(person, id);
    },
  );
});
