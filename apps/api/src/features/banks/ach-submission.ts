import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { bankAccounts, bankPayouts, redemptions } from '../../db/schema';
import type { AchPayouts, AchSubmitResult } from '../../providers/ports';
import type { BankVault } from './bank-vault';

/**
 * Submits a bank redemption's ACH credit. It runs as a job after the redemption committed, so a
 * provider that is down is simply retried; our payout id is the provider's de-duplication key,
 * so a retry never pays twice. A refusal gives the money back; an accepted credit stays pending
 * until the provider reports settlement.
 */
export function createAchSubmission(deps: {
  db: Db;
  /** Fails the payout: gives the money back and tells the customer (the payouts feature's). */
  failPayout: (event: { eventId: string; redemptionId: string; reason: string }) => Promise<void>;
  vault: Pick<BankVault, 'reveal'>;
  achPayouts: AchPayouts;
  logger: FastifyBaseLogger;
}) {
  const { db } = deps;
  return async function submitAch(redemptionId: string): Promise<void> {
    const [found] = await db
      .select({ redemption: redemptions, account: bankAccounts })
      .from(bankPayouts)
      .innerJoin(redemptions, eq(redemptions.id, bankPayouts.redemptionId))
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankPayouts.bankAccountId))
      .where(eq(bankPayouts.redemptionId, redemptionId));
    if (!found) throw new Error(`no bank payout for redemption ${redemptionId}`);
    const { redemption, account } = found;
    // Submitted before, or already decided: a repeated job changes nothing.
    if (redemption.status !== 'pending' || redemption.networkReference) return;

    const accountNumber = await deps.vault.reveal(account.vaultToken);
    let result: AchSubmitResult;
    try {
      result = accountNumber
        ? await deps.achPayouts.submit({
            routingNumber: account.routingNumber,
            accountNumber,
            accountType: account.accountType,
            holderName: account.holderName,
            amountCents: redemption.amountCents - redemption.feeCents,
            reference: redemption.id,
          })
        : { status: 'rejected', reason: 'The bank account is no longer available.' };
    } catch (error) {
      // Still pending and retried by the job; provider errors carry no account data.
      deps.logger.warn({ err: error, redemptionId }, 'ACH submission failed; it will be retried');
      throw error;
    }

    if (result.status === 'submitted') {
      await db
        .update(redemptions)
        .set({ networkReference: result.providerReference })
        .where(and(eq(redemptions.id, redemption.id), isNull(redemptions.networkReference)));
      return;
    }
    await deps.failPayout({
      eventId: `ach-rejected:${redemption.id}`,
      redemptionId: redemption.id,
      reason: result.reason,
    });
  };
}

export type SubmitAch = ReturnType<typeof createAchSubmission>;
