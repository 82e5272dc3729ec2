import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable, Tx } from '../../db/database';
import { fancashCredits, fancashLinks } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { JobQueue } from '../../jobs/job-queue';
import type { FanCashCreditResult, FanCashProgram } from '../../providers/ports';
import { applyPayoutEvent } from '../payouts/payout-events';
import { registerProviderFollowJobs } from '../payouts/provider-follow';

/**
 * Crediting FanCash (ADR 0022): the `fancash` redemption method's destination is the customer's
 * link; its payout record is the credit, `pending` until the merchant posts it. A job queued in
 * the recording transaction looks the credit up by our reference (the redemption id, the
 * merchant's `external_reference_id`) and asks for it only when the merchant has none, so a lost
 * answer, a killed process or a retried job never credits twice. The outcome is applied once:
 * credited settles the money, refused gives it back.
 */

/** The fan a credit goes to, as the recording transaction found the customer's link. */
export interface FanCashDestination {
  id: string;
  fanId: string;
  displayName: string;
}

/**
 * The customer's link with this id, locked until the recording transaction commits (unlinking
 * waits for it). Someone else's link, or one replaced or removed since, is not found.
 */
export async function linkForCredit(
  q: Queryable,
  userId: string,
  linkId: string,
): Promise<FanCashDestination> {
  const [row] = await q
    .select({
      id: fancashLinks.id,
      fanId: fancashLinks.fanId,
      displayName: fancashLinks.displayName,
    })
    .from(fancashLinks)
    .where(and(eq(fancashLinks.userId, userId), eq(fancashLinks.id, linkId)))
    .for('share');
  if (!row) throw new DomainError('FANCASH_NOT_LINKED');
  return row;
}

/** The credit, as the redemption's payout record, in the recording transaction. */
export async function recordFanCashCredit(
  tx: Tx,
  redemption: { id: string; userId: string; amountCents: number; feeCents: number },
  link: FanCashDestination,
): Promise<void> {
  await tx.insert(fancashCredits).values({
    redemptionId: redemption.id,
    userId: redemption.userId,
    linkId: link.id,
    fanId: link.fanId,
    displayName: link.displayName,
    creditCents: redemption.amountCents - redemption.feeCents,
  });
}

type CreditRow = typeof fancashCredits.$inferSelect;

/** Each of these redemptions' credits, as a transaction shows them. */
export async function fanCashCreditsOf(
  q: Queryable,
  redemptionIds: readonly string[],
): Promise<Map<string, CreditRow>> {
  if (redemptionIds.length === 0) return new Map();
  const rows = await q
    .select()
    .from(fancashCredits)
    .where(inArray(fancashCredits.redemptionId, [...redemptionIds]));
  return new Map(rows.map((row) => [row.redemptionId, row]));
}

export const FANCASH_CREDIT_QUEUE = 'fancash-credit';
const FANCASH_CHECK_QUEUE = 'fancash-credit-check';

export interface FanCashCreditDeps {
  db: Db;
  jobs: JobQueue;
  program: Pick<FanCashProgram, 'credit' | 'lookupCredit'>;
  logger: FastifyBaseLogger;
}

/**
 * Applies the merchant's answer for a credit, once. Credited: the amount in transit settles (the
 * merchant holds it now) with the credit's state, in one transaction. Refused: the money comes
 * back and the customer is told. Pending: nothing changes. Applied again, in any order after the
 * first outcome, it changes nothing.
 */
export async function applyFanCashResult(
  deps: Pick<FanCashCreditDeps, 'db' | 'jobs'>,
  redemptionId: string,
  result: FanCashCreditResult,
): Promise<void> {
  if (result.status === 'pending') return;
  if (result.status === 'failed') {
    await applyPayoutEvent(
      deps.db,
      {
        eventId: `fancash:${redemptionId}:failed`,
        redemptionId,
        type: 'failed',
        reason: `FanCash refused the credit (${result.reason}).`,
      },
      deps.jobs,
      {
        cameBack: async (tx) => {
          await tx
            .update(fancashCredits)
            .set({ status: 'failed', failureReason: result.reason })
            .where(eq(fancashCredits.redemptionId, redemptionId));
        },
      },
    );
    return;
  }
  await applyPayoutEvent(
    deps.db,
    {
      eventId: `fancash:${redemptionId}:credited`,
      redemptionId,
      type: 'succeeded',
      networkReference: result.creditId,
    },
    deps.jobs,
    {
      settled: async (tx) => {
        await tx
          .update(fancashCredits)
          .set({ status: 'credited', creditId: result.creditId, creditedAt: new Date() })
          .where(eq(fancashCredits.redemptionId, redemptionId));
      },
    },
  );
}

/**
 * The jobs that credit FanCash and follow each credit to an outcome. Before asking for a credit,
 * a job looks it up by its reference: a run again after a crash, or after a merchant that did not
 * answer, finds the credit it already asked for and never asks for a second.
 */
export async function registerFanCashCreditJobs(deps: FanCashCreditDeps): Promise<void> {
  const { db, jobs, program } = deps;

  async function pending(redemptionId: string) {
    const [row] = await db
      .select()
      .from(fancashCredits)
      .where(eq(fancashCredits.redemptionId, redemptionId));
    return row && row.status === 'pending' ? row : null;
  }

  async function creditOrFind(row: CreditRow): Promise<FanCashCreditResult> {
    const known = await program.lookupCredit(row.redemptionId);
    if (known.status !== 'not_found') return known;
    return program.credit({
      externalReferenceId: row.redemptionId,
      fanId: row.fanId,
      amountCents: row.creditCents,
    });
  }

  await registerProviderFollowJobs(jobs, {
    queue: FANCASH_CREDIT_QUEUE,
    checkQueue: FANCASH_CHECK_QUEUE,
    pending,
    first: creditOrFind,
    again: creditOrFind,
    apply: (redemptionId, result) => applyFanCashResult(deps, redemptionId, result),
    inProgress: (result) => result.status === 'pending',
    checked: 'FanCash credit checked',
    logger: deps.logger,
  });
}
