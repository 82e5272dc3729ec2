import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { prepaidCardExpired, type PrepaidCardStatus } from '@refund/contracts/prepaid-cards';
import type { Db, Queryable, Tx } from '../../db/database';
import { prepaidCardholders, prepaidCards } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { PrepaidCardIssueResult, PrepaidCardIssuer } from '../../providers/ports';
import { applyPayoutEvent } from '../payouts/payout-events';
import { registerProviderFollowJobs } from '../payouts/provider-follow';
import { ownCardholder } from './cardholders';

/**
 * Issuing a prepaid Visa card (ADR 0019): the `prepaid` redemption method's destination is the
 * customer's cardholder; its payout record is the card, `processing` until the issuer answers.
 * A job queued in the recording transaction asks the issuer, with the redemption id as the
 * reference (its idempotency key), and applies the outcome once: issued (the amount held in
 * transit settles to the issuer, the card's last four digits and expiry are kept) or failed
 * (the money comes back and the customer is told).
 */

/** The cardholder a card is issued to, as the recording transaction found it. */
export interface PrepaidCardDestination {
  id: string;
}

export async function cardholderForIssue(
  q: Queryable,
  userId: string,
  cardholderId: string,
): Promise<PrepaidCardDestination> {
  const row = await ownCardholder(q, userId, cardholderId);
  return { id: row.id };
}

/** The card, as the redemption's payout record, in the recording transaction. */
export async function recordPrepaidCard(
  tx: Tx,
  redemption: { id: string; userId: string; amountCents: number; feeCents: number },
  cardholder: PrepaidCardDestination,
): Promise<void> {
  await tx.insert(prepaidCards).values({
    redemptionId: redemption.id,
    cardholderId: cardholder.id,
    userId: redemption.userId,
    loadedCents: redemption.amountCents - redemption.feeCents,
  });
}

type CardRow = typeof prepaidCards.$inferSelect;

/** The status the customer sees: the issuer's, or expired past the card's expiry month. */
export function visibleStatus(row: CardRow, now = new Date()): PrepaidCardStatus {
  if (
    (row.status === 'inactive' || row.status === 'active') &&
    row.expMonth !== null &&
    row.expYear !== null &&
    prepaidCardExpired(row.expMonth, row.expYear, now)
  ) {
    return 'expired';
  }
  return row.status;
}

/** Each of these redemptions' cards: last four digits and status, as a transaction shows them. */
export async function prepaidCardsOf(
  q: Queryable,
  redemptionIds: readonly string[],
): Promise<Map<string, CardRow>> {
  if (redemptionIds.length === 0) return new Map();
  const rows = await q
    .select()
    .from(prepaidCards)
    .where(inArray(prepaidCards.redemptionId, [...redemptionIds]));
  return new Map(rows.map((row) => [row.redemptionId, row]));
}

export const PREPAID_CARD_ISSUE_QUEUE = 'prepaid-card-issue';
const PREPAID_CARD_CHECK_QUEUE = 'prepaid-card-check';

export interface PrepaidCardIssuingDeps {
  db: Db;
  jobs: JobQueue;
  issuer: PrepaidCardIssuer;
  logger: FastifyBaseLogger;
}

/**
 * Applies the issuer's answer for a card, once. Issued: the amount in transit settles (the
 * issuer holds it now) and the card's public details are kept, in one transaction with the
 * redemption's new state. Failed: the money comes back and the customer is told. Processing:
 * nothing changes. Applied again (a retried job, a lookup after an issue) it changes nothing.
 */
export async function applyPrepaidCardResult(
  deps: Pick<PrepaidCardIssuingDeps, 'db' | 'jobs'>,
  redemptionId: string,
  result: PrepaidCardIssueResult,
): Promise<void> {
  if (result.status === 'processing') return;
  if (result.status === 'failed') {
    await applyPayoutEvent(
      deps.db,
      {
        eventId: `prepaid:${redemptionId}:failed`,
        redemptionId,
        type: 'failed',
        reason: `The card issuer declined the card (${result.reason}).`,
      },
      deps.jobs,
      {
        cameBack: async (tx) => {
          await tx
            .update(prepaidCards)
            .set({ status: 'failed', failureReason: result.reason })
            .where(eq(prepaidCards.redemptionId, redemptionId));
        },
      },
    );
    return;
  }
  const { card } = result;
  await applyPayoutEvent(
    deps.db,
    {
      eventId: `prepaid:${redemptionId}:issued`,
      redemptionId,
      type: 'succeeded',
      networkReference: card.issuerCardId,
    },
    deps.jobs,
    {
      settled: async (tx) => {
        const [row] = await tx
          .select({ loadedCents: prepaidCards.loadedCents })
          .from(prepaidCards)
          .where(eq(prepaidCards.redemptionId, redemptionId));
        const now = new Date();
        await tx
          .update(prepaidCards)
          .set({
            status: card.status,
            issuerCardId: card.issuerCardId,
            last4: card.last4,
            expMonth: card.expMonth,
            expYear: card.expYear,
            balanceCents: row?.loadedCents ?? null,
            balanceUpdatedAt: now,
            issuedAt: now,
            ...(card.status === 'active' ? { activatedAt: now } : {}),
          })
          .where(eq(prepaidCards.redemptionId, redemptionId));
      },
    },
  );
}

/**
 * The jobs that issue cards and follow them to an outcome. Before asking the issuer to issue, a
 * job looks the card up by its reference: a run again after a crash, or after an issuer that
 * did not answer, finds the card it already asked for and never issues a second one.
 */
export async function registerPrepaidCardJobs(deps: PrepaidCardIssuingDeps): Promise<void> {
  const { db, jobs, issuer } = deps;

  async function pending(redemptionId: string) {
    const [found] = await db
      .select({ card: prepaidCards, issuerCardholderId: prepaidCardholders.issuerCardholderId })
      .from(prepaidCards)
      .innerJoin(prepaidCardholders, eq(prepaidCardholders.id, prepaidCards.cardholderId))
      .where(eq(prepaidCards.redemptionId, redemptionId));
    return found && found.card.status === 'processing' ? found : null;
  }

  async function issueOrFind(found: NonNullable<Awaited<ReturnType<typeof pending>>>) {
    const ref = {
      reference: found.card.redemptionId,
      issuerCardholderId: found.issuerCardholderId,
    };
    const known = await issuer.lookup(ref);
    if (known.status !== 'not_found') return known;
    return issuer.issue({ ...ref, amountCents: found.card.loadedCents });
  }

  await registerProviderFollowJobs(jobs, {
    queue: PREPAID_CARD_ISSUE_QUEUE,
    checkQueue: PREPAID_CARD_CHECK_QUEUE,
    pending,
    first: issueOrFind,
    again: issueOrFind,
    apply: (redemptionId, result) => applyPrepaidCardResult(deps, redemptionId, result),
    inProgress: (result) => result.status === 'processing',
    checked: 'prepaid card checked',
    logger: deps.logger,
  });
}
