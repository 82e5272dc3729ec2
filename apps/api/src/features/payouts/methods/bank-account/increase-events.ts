import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/database';
import { bankPayouts, redemptions } from '../../../../db/schema';
import type { JobQueue } from '../../../../jobs/job-queue';
import {
  ACH_REJECTED_REASON,
  type IncreaseAchTransfers,
  type IncreaseTransferState,
} from '../../../../providers/increase-ach-payouts';
import { applyAndNotify, type PayoutEvent } from '../../payout-events';

/** Increase events about ACH transfers, worked after the webhook has been answered. */
export const INCREASE_EVENT_QUEUE = 'increase-event';

export interface IncreaseEventJob {
  /** Increase's event id, for the logs; what is applied is keyed by the transfer's outcome. */
  eventId: string;
  transferId: string;
}

// NACHA return codes a credit to a consumer account comes back with, in the customer's words.
const returnReasons: Record<string, string> = {
  R01: 'insufficient funds',
  R02: 'account closed',
  R03: 'no account/unable to locate account',
  R04: 'invalid account number',
  R06: 'returned at our bank’s request',
  R08: 'payment stopped',
  R10: 'not authorized by the account holder',
  R14: 'account holder unable to receive',
  R15: 'account holder deceased',
  R16: 'account frozen',
  R17: 'account details could not be processed',
  R20: 'account cannot receive transfers',
  R23: 'credit refused by the account holder',
  R29: 'not authorized by the account holder',
};

/** What a customer reads when the receiving bank sends the credit back, with its NACHA code. */
export function increaseReturnReason(code: string): string {
  const known = returnReasons[code];
  return known
    ? `The bank returned the payout (${code}: ${known}).`
    : `The bank returned the payout (${code}).`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The bank redemption a transfer pays: by the transfer id we stored when Increase accepted it,
 * or by our payout id, which is the transfer's idempotency key (when the submission's answer was
 * lost and the id never stored).
 */
async function redemptionOf(db: Db, transfer: IncreaseTransferState): Promise<string | null> {
  const [byReference] = await db
    .select({ id: redemptions.id })
    .from(redemptions)
    .innerJoin(bankPayouts, eq(bankPayouts.redemptionId, redemptions.id))
    .where(eq(redemptions.networkReference, transfer.id))
    .limit(1);
  if (byReference) return byReference.id;
  const key = transfer.idempotencyKey;
  if (!key || !UUID.test(key)) return null;
  const [byKey] = await db
    .select({ id: bankPayouts.redemptionId })
    .from(bankPayouts)
    .where(eq(bankPayouts.redemptionId, key));
  return byKey?.id ?? null;
}

/** The payout event a transfer's state amounts to; none while it is still on its way. */
function eventFor(redemptionId: string, transfer: IncreaseTransferState): PayoutEvent | null {
  // Keyed by the outcome, not by Increase's event: however many events report one outcome, and
  // in whatever order they arrive, it is applied once.
  const eventId = `increase:${transfer.id}:${transfer.outcome}`;
  switch (transfer.outcome) {
    case 'settled':
      return { eventId, redemptionId, type: 'succeeded', networkReference: transfer.id };
    case 'returned':
      return {
        eventId,
        redemptionId,
        type: 'returned',
        reason: increaseReturnReason(transfer.returnCode),
      };
    case 'rejected':
      return { eventId, redemptionId, type: 'failed', reason: ACH_REJECTED_REASON };
    default:
      return null;
  }
}

export interface IncreaseEventDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendMessageIn'>;
  transfers: IncreaseAchTransfers;
  logger: FastifyBaseLogger;
}

/**
 * Applies what Increase says of one transfer now. Increase's events carry only the object's id,
 * so the transfer is read back and its current state applied: a late or repeated event therefore
 * applies the newest state, which the payout events turn into at most one change each.
 */
export async function applyIncreaseTransfer(
  deps: IncreaseEventDeps,
  job: IncreaseEventJob,
): Promise<'applied' | 'in_flight' | 'ignored'> {
  const { db, logger } = deps;
  const transfer = await deps.transfers.retrieve(job.transferId);
  const redemptionId = transfer ? await redemptionOf(db, transfer) : null;
  if (!transfer || !redemptionId) {
    // A transfer that is not a payout of ours (made in Increase's dashboard, or by another
    // system on the account): nothing to change, and nothing to retry.
    logger.info(
      { increaseEventId: job.eventId, transferId: job.transferId },
      'Increase event for a transfer that is not a payout; ignored',
    );
    return 'ignored';
  }
  await db
    .update(redemptions)
    .set({ networkReference: transfer.id })
    .where(and(eq(redemptions.id, redemptionId), isNull(redemptions.networkReference)));
  const event = eventFor(redemptionId, transfer);
  if (!event) return 'in_flight';
  await applyAndNotify(db, deps.jobs, event);
  logger.info(
    { increaseEventId: job.eventId, redemptionId, outcome: transfer.outcome },
    'Increase transfer outcome applied',
  );
  return 'applied';
}

/** Works the events the webhook queued; Increase being down is retried with backoff. */
export async function registerIncreaseEventJobs(
  jobs: JobQueue,
  deps: Omit<IncreaseEventDeps, 'jobs'>,
): Promise<void> {
  await jobs.work<IncreaseEventJob>(
    INCREASE_EVENT_QUEUE,
    { retryLimit: 10, retryDelay: 5, retryBackoff: true },
    async (job) => {
      try {
        await applyIncreaseTransfer({ ...deps, jobs }, job.data);
      } catch (error) {
        deps.logger.warn(
          { err: error, increaseEventId: job.data.eventId },
          'Increase event not applied; it will be retried',
        );
        throw error;
      }
    },
  );
}
