import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, refundReturns, users, webhookEvents } from '../src/db/schema';
import { applyPayoutEvent } from '../src/features/payouts/payout-events';
import { releaseReturn } from '../src/features/refunds/refund-money';
import { redeemToBank } from './support/bank-fixtures';
import { deadlocked } from './support/deadlock';
import { signUpNewPerson, type SignedIn } from './support/people';
import {
  balanceOf,
  createRefund,
  expectLedgerBalanced,
  newMerchant,
  refundBody,
  refundCustomer,
  type TestMerchant,
} from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

// Two connections are needed to make a deadlock; the embedded engine has one.
describe.skipIf(!process.env.TEST_DATABASE_URL)('money moves PostgreSQL breaks off', () => {
  // Settlement an hour away: only the events the test applies move a payout.
  let server: TestServer;
  let merchant: TestMerchant;
  beforeAll(async () => {
    server = await startTestServer({ SANDBOX_ACH_SETTLEMENT_SECONDS: '3600' });
    merchant = await newMerchant(server.database.db);
  });
  afterEach(() => expectLedgerBalanced(server.database.db));
  afterAll(() => server.close());

  async function userIdOf(person: SignedIn): Promise<string> {
    const [user] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phoneNumber, person.phone));
    if (!user) throw new Error('no such user');
    return user.id;
  }

  /** The transfers that moved this refund's money, by kind. */
  async function transferKinds(refundId: string): Promise<string[]> {
    const rows = await server.database.db
      .select({ kind: ledgerTransfers.kind })
      .from(ledgerTransfers)
      .where(
        or(
          eq(ledgerTransfers.referenceId, refundId),
          inArray(
            ledgerTransfers.referenceId,
            server.database.db
              .select({ id: refundReturns.id })
              .from(refundReturns)
              .where(eq(refundReturns.refundId, refundId)),
          ),
        ),
      );
    return rows.map((r) => r.kind).sort();
  }

  const lockBalance = (userId: string, kind: 'available' | 'held') => ({
    text: `select 1 from ledger_accounts
           where owner_type = 'customer' and owner_id = $1 and kind = $2 for update`,
    values: [userId, kind],
  });
  const lockRefund = (refundId: string) => ({
    text: 'select 1 from refunds where id = $1 for update',
    values: [refundId],
  });

  const claim = (person: SignedIn, refundId: string) =>
    call(
      server.app,
      'POST',
      '/v1/customers/claim-refund',
      { refund_uuid: refundId },
      { token: person.accessToken },
    );

  it('a claim is run again after a deadlock: the customer gets the money once, not an error', async () => {
    const person = await signUpNewPerson(server.app);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ phone_number: person.phone, email: person.email }), {
        returns: [{ amount_in_cents: 4_000, description: 'Tent' }],
      }),
    );
    const userId = await userIdOf(person);

    // The claim locks the refund, then the balance; the other transaction the balance, then the
    // refund.
    const response = await deadlocked(
      lockBalance(userId, 'available'),
      () => claim(person, refund.refund_uuid),
      lockRefund(refund.refund_uuid),
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refund_uuid: refund.refund_uuid });
    expect(await transferKinds(refund.refund_uuid)).toEqual(['refund_claim']);
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 4_000,
      pending_in_cents: 0,
    });
    // Claiming again answers the same claim and moves nothing more.
    expect((await claim(person, refund.refund_uuid)).statusCode).toBe(200);
    expect(await transferKinds(refund.refund_uuid)).toEqual(['refund_claim']);
  });

  /** A claimed refund of $30.00, $10.00 of it held for a fraud check. */
  async function claimedWithFraudHold() {
    const person = await signUpNewPerson(server.app);
    const refund = await createRefund(
      server.app,
      merchant,
      refundBody(refundCustomer({ phone_number: person.phone, email: person.email }), {
        returns: [
          {
            amount_in_cents: 3_000,
            description: 'Jacket',
            state: 'awaiting_fraud_check',
            fraud_hold_amount_in_cents: 1_000,
            fraud_hold_expires_at: '2099-01-01T00:00:00Z',
          },
        ],
      }),
    );
    expect((await claim(person, refund.refund_uuid)).statusCode).toBe(200);
    const returnId = refund.returns[0]?.return_uuid;
    if (!returnId) throw new Error('no return');
    return { person, refund, returnId, userId: await userIdOf(person) };
  }

  it('a fraud hold release is run again after a deadlock: released once, not an error', async () => {
    const { person, refund, returnId, userId } = await claimedWithFraudHold();
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 2_000,
      pending_in_cents: 1_000,
    });
    const passFraudCheck = () =>
      call(
        server.app,
        'POST',
        `/v1/merchant/refunds/${refund.refund_uuid}/returns/${returnId}/fraud-check`,
        { result: 'passed' },
        { token: merchant.apiKey },
      );

    // The release locks the refund, then the held balance; the other transaction the held
    // balance, then the refund.
    const response = await deadlocked(
      lockBalance(userId, 'held'),
      passFraudCheck,
      lockRefund(refund.refund_uuid),
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().returns[0]).toMatchObject({ state: 'available' });
    expect(await transferKinds(refund.refund_uuid)).toEqual([
      'hold_release_fraud_passed',
      'refund_claim',
    ]);
    expect(await balanceOf(server.app, person.accessToken)).toMatchObject({
      available_in_cents: 3_000,
      pending_in_cents: 0,
    });
    expect((await passFraudCheck()).statusCode).toBe(200);
    expect(await transferKinds(refund.refund_uuid)).toHaveLength(2);
  });

  it('a lapsed fraud hold, released as its job does, is released once after a deadlock', async () => {
    const { refund, returnId, userId } = await claimedWithFraudHold();
    await server.database.db
      .update(refundReturns)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(refundReturns.id, returnId));
    const release = () =>
      releaseReturn(server.database.db, server.jobs, {
        merchantId: null,
        refundId: refund.refund_uuid,
        returnId,
        cause: 'hold_expired',
      });

    await deadlocked(lockBalance(userId, 'available'), release, lockRefund(refund.refund_uuid));

    // The refund is settled now: the merchant hears it was paid out, once.
    const paidOut = () =>
      server.database.db
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(eq(webhookEvents.dedupeKey, `${refund.refund_uuid}:refund.paid_out`));
    expect(await paidOut()).toHaveLength(1);
    expect(await transferKinds(refund.refund_uuid)).toEqual([
      'hold_release_hold_expired',
      'refund_claim',
    ]);
    await release();
    expect(await transferKinds(refund.refund_uuid)).toHaveLength(2);
    expect(await paidOut()).toHaveLength(1);
  });

  it('a settlement event applied during a deadlock is applied once', async () => {
    const { person, id, detail } = await redeemToBank({ server, merchant }, 5_000);
    // The submission job has run once the provider's reference is recorded.
    await expect.poll(async () => (await detail()).network_reference).toMatch(/^SBXACH/);
    const event = { eventId: `settle-${id}`, redemptionId: id, type: 'succeeded' as const };

    // Applying records the event, then locks the payout; the other transaction locks the payout,
    // then records the same event.
    const applied = await deadlocked(
      { text: 'select 1 from redemptions where id = $1 for update', values: [id] },
      () => applyPayoutEvent(server.database.db, event),
      {
        text: `insert into payout_events (event_id, redemption_id, type)
               values ($1, $2, 'succeeded') on conflict do nothing`,
        values: [event.eventId, id],
      },
    );

    expect(applied).toEqual({ notify: null });
    expect(await applyPayoutEvent(server.database.db, event)).toEqual({ notify: null });
    expect(await detail()).toMatchObject({ status: 'Successful' });
    const settled = await server.database.db
      .select({ kind: ledgerTransfers.kind })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `payout-settle:${id}`));
    expect(settled).toEqual([{ kind: 'payout_settled' }]);
    expect((await balanceOf(server.app, person.accessToken)).available_in_cents).toBe(0);
  });
});
