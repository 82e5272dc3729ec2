import type { JobQueue } from '../../jobs/job-queue';
import {
  cardholderForIssue,
  PREPAID_CARD_ISSUE_QUEUE,
  prepaidCardsOf,
  recordPrepaidCard,
  visibleStatus,
  type PrepaidCardDestination,
} from './prepaid-card-issuing';
import type { DestinationView, RedemptionMethod } from '../payouts/redemption-method';

/** The amounts a prepaid card is loaded with, and its fee (none). */
export const PREPAID_CARD_LIMITS = {
  minCents: 1_000,
  maxCents: 50_000,
  feeRateBps: 0,
  wholeDollarsOnly: false,
} as const;

/**
 * A virtual prepaid Visa card loaded from the wallet (ADR 0019). The destination is the
 * customer's cardholder at the issuer; the amount less the fee is held in payouts in transit
 * while a job has the card issued; its outcome settles it or gives the money back.
 */
export function createPrepaidCardMethod(deps: {
  jobs: Pick<JobQueue, 'sendIn'>;
  /** Whether an issuer is configured: without one, no new card is offered. */
  offered: boolean;
}): RedemptionMethod<PrepaidCardDestination> {
  return {
    mode: 'prepaid',
    destinationKind: 'prepaid_card',
    inWords: 'a Visa prepaid card',
    isAvailable: () => deps.offered,
    spendsBonus: true,
    limits: PREPAID_CARD_LIMITS,

    destination: (q, userId, cardholderId) => cardholderForIssue(q, userId, cardholderId),

    recordPayout: (tx, redemption, cardholder) => recordPrepaidCard(tx, redemption, cardholder),

    async queue(tx, redemption) {
      // Idempotent per card: the issuer de-duplicates on the redemption id.
      await deps.jobs.sendIn(tx, PREPAID_CARD_ISSUE_QUEUE, { redemptionId: redemption.id });
    },

    async describe(q, ids) {
      const cards = await prepaidCardsOf(q, ids);
      return new Map(
        [...cards].map(([id, card]): [string, DestinationView] => [
          id,
          {
            kind: 'prepaid_card',
            brand: 'Visa',
            bank_name: null,
            last4: card.last4 ?? '',
            card_status: visibleStatus(card),
          },
        ]),
      );
    },
  };
}
