import type { JobQueue } from '../../jobs/job-queue';
import {
  FANCASH_CREDIT_QUEUE,
  fanCashCreditsOf,
  linkForCredit,
  recordFanCashCredit,
  type FanCashDestination,
} from './fancash-credits';
import type { DestinationView, RedemptionMethod } from '../payouts/redemption-method';

/** What a FanCash credit may be, and its fee (none). */
export const FANCASH_LIMITS = {
  minCents: 500,
  maxCents: 50_000,
  feeRateBps: 0,
  wholeDollarsOnly: false,
} as const;

/**
 * FanCash, the sports merchant's store credit (ADR 0022). The destination is the customer's
 * linked account; the amount is held in payouts in transit while a job has the merchant credit
 * the fan; its outcome settles it or gives the money back. The welcome bonus does not pay for it
 * (ADR 0020: gift cards and prepaid cards only).
 */
export function createFanCashMethod(deps: {
  jobs: Pick<JobQueue, 'sendIn'>;
  /** Whether a FanCash program is configured: without one, no new credit is offered. */
  offered: boolean;
}): RedemptionMethod<FanCashDestination> {
  return {
    mode: 'fancash',
    destinationKind: 'fancash',
    inWords: 'FanCash',
    isAvailable: () => deps.offered,
    limits: FANCASH_LIMITS,

    destination: (q, userId, linkId) => linkForCredit(q, userId, linkId),

    recordPayout: (tx, redemption, link) => recordFanCashCredit(tx, redemption, link),

    async queue(tx, redemption) {
      // Idempotent per credit: the merchant de-duplicates on the redemption id.
      await deps.jobs.sendIn(tx, FANCASH_CREDIT_QUEUE, { redemptionId: redemption.id });
    },

    async describe(q, ids) {
      const credits = await fanCashCreditsOf(q, ids);
      return new Map(
        [...credits].map(([id, credit]): [string, DestinationView] => [
          id,
          {
            kind: 'fancash',
            brand: 'FanCash',
            bank_name: null,
            last4: '',
            account_name: credit.displayName,
          },
        ]),
      );
    },
  };
}
