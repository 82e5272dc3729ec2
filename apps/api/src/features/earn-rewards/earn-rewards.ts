import { and, eq, inArray, sql } from 'drizzle-orm';
import { rewardLabel, type EarnReward } from '@refund/contracts/earn-rewards';
import type { Queryable } from '../../db/database';
import { giftcardBrands } from '../../db/schema';
import { DomainError } from '../../domain/domain-error';
import type { EarnRewardOffer } from '../giftcards/giftcard-definition';
import { brandView } from '../giftcards/brands';

/**
 * Earn rewards (ADR 0024): brands that reward the customer for redeeming with them, on top of
 * the product's cashback. Which brands, and how much, is configuration (EARN_REWARDS_OFFERS),
 * read when asked: only listed brands the product offers and the issuer sells now are answered.
 */
export interface EarnRewards {
  /** The brand's reward in basis points; 0 when it has no offer. */
  rewardBpsOf(providerBrandId: string): number;
  list(q: Queryable): Promise<EarnReward[]>;
  /** One brand's offer; not found when it has none, or cannot be bought now. */
  find(q: Queryable, brandId: string): Promise<EarnReward>;
  /** Whether any brand has an offer (the `earn_rewards` method is offered only then). */
  readonly any: boolean;
}

export function createEarnRewards(offers: readonly EarnRewardOffer[]): EarnRewards {
  const byBrand = new Map(offers.map((o) => [o.providerBrandId, o.rewardBps]));
  const rewardBpsOf = (providerBrandId: string) => byBrand.get(providerBrandId) ?? 0;

  const offered = () =>
    and(
      eq(giftcardBrands.isListed, true),
      eq(giftcardBrands.isEnabled, true),
      eq(giftcardBrands.state, 'live'),
      byBrand.size > 0 ? inArray(giftcardBrands.providerBrandId, [...byBrand.keys()]) : sql`false`,
    );

  const view = (row: typeof giftcardBrands.$inferSelect): EarnReward => {
    const bps = rewardBpsOf(row.providerBrandId);
    return { brand: brandView(row), reward_bps: bps, reward_label: rewardLabel(bps) };
  };

  return {
    rewardBpsOf,
    any: byBrand.size > 0,

    async list(q) {
      const rows = await q.select().from(giftcardBrands).where(offered());
      // The order is the rewards', which only configuration knows: highest first, then by name.
      return rows
        .map(view)
        .sort((a, b) => b.reward_bps - a.reward_bps || a.brand.name.localeCompare(b.brand.name));
    },

    async find(q, brandId) {
      const [row] = await q
        .select()
        .from(giftcardBrands)
        .where(and(eq(giftcardBrands.id, brandId), offered()));
      if (!row) throw new DomainError('NOT_FOUND', 'No earn-rewards offer for this brand.');
      return view(row);
    },
  };
}
