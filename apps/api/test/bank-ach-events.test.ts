import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redemptions } from '../src/db/schema';
import { applyPayoutEvent } from '../src/features/payouts/payout-events';
import { redeemToBank } from './support/bank-fixtures';
import { newMerchant } from './support/payout-fixtures';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

const transaction = async (target: TestServer, token: string, id: string) =>
  (await call(target.app, 'GET', `/v1/transactions/${id}`, undefined, { token })).json();

describe('ACH events repeated or out of order', () => {
  // Settlement an hour away: only the events the test applies move this payout.
  // The only server in this file: on PostgreSQL test servers share the job tables.
  let slow: TestServer;
  let slowMerchant: TestMerchant;
  beforeAll(async () => {
    slow = await startTestServer({ SANDBOX_ACH_SETTLEMENT_SECONDS: '3600' });
    slowMerchant = await newMerchant(slow.database.db);
  });
  afterEach(() => expectLedgerBalanced(slow.database.db));
  afterAll(() => slow.close());

  async function pendingAchPayout(cents: number) {
    const { person, id } = await redeemToBank({ server: slow, merchant: slowMerchant }, cents);
    // The submission job has run once the provider's reference is recorded.
    await expect
      .poll(async () => (await transaction(slow, person.accessToken, id)).network_reference, {
        timeout: 10_000,
      })
      .toMatch(/^SBXACH/);
    return { person, id };
  }
  const apply = (id: string, eventId: string, type: 'succeeded' | 'returned') =>
    applyPayoutEvent(slow.database.db, { eventId, redemptionId: id, type, reason: 'R01' });
  const available = async (token: string) => (await balanceOf(slow.app, token)).available_in_cents;

  it('a repeated settlement and a repeated return each count once', async () => {
    const { person, id } = await pendingAchPayout(5_000);
    for (let i = 0; i < 3; i += 1) await apply(id, `settle-${id}`, 'succeeded');
    expect(await transaction(slow, person.accessToken, id)).toMatchObject({
      status: 'Successful',
    });
    expect(await available(person.accessToken)).toBe(0);

    const results = await Promise.all(
      Array.from({ length: 5 }, () => apply(id, `return-${id}`, 'returned')),
    );
    expect(results.filter((r) => r.notify !== null)).toHaveLength(1);
    // A second, different return event for the same payout changes nothing either.
    expect((await apply(id, `return-again-${id}`, 'returned')).notify).toBeNull();
    expect(await available(person.accessToken)).toBe(5_000);
    expect(await transaction(slow, person.accessToken, id)).toMatchObject({
      status: 'Failed',
      returned: true,
    });
  });

  it('a return before the settlement gives the money back; the late settlement takes nothing', async () => {
    const { person, id } = await pendingAchPayout(3_000);
    await apply(id, `return-${id}`, 'returned');
    expect(await available(person.accessToken)).toBe(3_000);
    await apply(id, `settle-${id}`, 'succeeded');
    await apply(id, `return-2-${id}`, 'returned');
    expect(await available(person.accessToken)).toBe(3_000);
    expect(await transaction(slow, person.accessToken, id)).toMatchObject({
      status: 'Failed',
      returned: true,
    });
    const [row] = await slow.database.db.select().from(redemptions).where(eq(redemptions.id, id));
    expect(row?.status).toBe('returned');
  });
});
