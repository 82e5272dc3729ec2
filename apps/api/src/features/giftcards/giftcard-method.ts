import type { JobQueue } from '../../jobs/job-queue';
import {
  GIFT_CARD_ORDER_QUEUE,
  giftCardBrandsOf,
  lockQuoteForPurchase,
  recordGiftCardOrder,
  type GiftCardPurchase,
  type IssuerHealth,
} from './giftcard-purchases';
import { DomainError } from '../../domain/domain-error';
import type { DestinationView, RedemptionMethod } from '../payouts/redemption-method';

/**
 * A gift card bought with the wallet, cashback on top (ADR 0017). The destination is the
 * customer's price-locked quote (brand, amount, cashback), checked and locked in the recording
 * transaction; the amount is held in payouts in transit while a job places the order with the
 * issuer; its outcome settles it, with the cashback, or gives it back.
 */
export function createGiftCardMethod(deps: {
  jobs: Pick<JobQueue, 'sendIn'>;
  /** Offered only while the issuer answers. */
  health: Pick<IssuerHealth, 'reachable'>;
  /**
   * `earn_rewards` (ADR 0024): the same purchase, of a brand with its own reward, which the quote
   * must carry; a quote without one is refused before anything moves.
   */
  mode?: 'giftcard' | 'earn_rewards';
  /** Whether the method is offered besides the issuer answering (earn rewards: any offers). */
  offered?: boolean;
}): RedemptionMethod<GiftCardPurchase> {
  const mode = deps.mode ?? 'giftcard';
  return {
    mode,
    destinationKind: 'gift_card',
    inWords: mode === 'earn_rewards' ? 'an earn-rewards gift card' : 'a gift card',
    // Each brand sets its own amounts (the quote checked them); these only bound any of them.
    spendsBonus: true,
    limits: { minCents: 1, maxCents: 10_000_000, feeRateBps: 0, wholeDollarsOnly: false },
    limitsPerDestination: true,
    botAction: 'customer_gc_rewards',
    isAvailable: () => deps.health.reachable && deps.offered !== false,

    async destination(q, userId, quoteId, amountCents) {
      const purchase = await lockQuoteForPurchase(q, userId, quoteId, amountCents);
      if (mode === 'earn_rewards' && purchase.rewardCents <= 0) {
        throw new DomainError('EARN_REWARD_UNAVAILABLE');
      }
      return purchase;
    },

    recordPayout: (tx, redemption, purchase) => recordGiftCardOrder(tx, redemption.id, purchase),

    async queue(tx, redemption) {
      // Idempotent per order: the issuer de-duplicates on the redemption id.
      await deps.jobs.sendIn(tx, GIFT_CARD_ORDER_QUEUE, { redemptionId: redemption.id });
    },

    async describe(q, ids) {
      const brands = await giftCardBrandsOf(q, ids);
      return new Map(
        [...brands].map(([id, brand]): [string, DestinationView] => [
          id,
          { kind: 'gift_card', brand, bank_name: null, last4: '' },
        ]),
      );
    },
  };
}
