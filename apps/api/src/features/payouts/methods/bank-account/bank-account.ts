import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../../db/database';
import { bankAccounts, bankPayouts } from '../../../../db/schema';
import type { JobQueue } from '../../../../jobs/job-queue';
import { usableBankAccount } from '../../../banks/bank-accounts';
import { ACH_SUBMIT_QUEUE } from '../../payout-jobs';
import type { DestinationView, RedemptionMethod } from '../../redemption-method';

/**
 * ACH credit to a bank account, typed in or linked. The submission is a job queued in the
 * recording transaction (so a process that dies after the commit still submits it); the payout
 * stays pending until the provider reports settlement, and a return gives the money back.
 */
export function createBankAccountMethod(deps: {
  jobs: Pick<JobQueue, 'sendIn'>;
}): RedemptionMethod {
  async function describe(q: Queryable, ids: readonly string[]) {
    if (ids.length === 0) return new Map<string, DestinationView>();
    const rows = await q
      .select({
        id: bankPayouts.redemptionId,
        bankName: bankAccounts.bankName,
        last4: bankAccounts.last4,
      })
      .from(bankPayouts)
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankPayouts.bankAccountId))
      .where(inArray(bankPayouts.redemptionId, [...ids]));
    return new Map(
      rows.map((r): [string, DestinationView] => [
        r.id,
        { kind: 'bank_account', brand: null, bank_name: r.bankName, last4: r.last4 },
      ]),
    );
  }

  return {
    mode: 'bank',
    destinationKind: 'bank_account',
    describesOnceForAll: true,
    inWords: 'a bank account',
    limits: { minCents: 500, maxCents: 500_000, feeRateBps: 0, wholeDollarsOnly: false },

    async destination(q, userId, accountId) {
      const account = await usableBankAccount(q, userId, accountId);
      return { id: account.id };
    },

    async recordPayout(tx, redemption, account) {
      await tx
        .insert(bankPayouts)
        .values({ redemptionId: redemption.id, bankAccountId: account.id });
    },

    async queue(tx, redemption) {
      // Idempotent per payout: a second submission of the same payout changes nothing.
      await deps.jobs.sendIn(tx, ACH_SUBMIT_QUEUE, { redemptionId: redemption.id });
    },

    describe,
  };
}
