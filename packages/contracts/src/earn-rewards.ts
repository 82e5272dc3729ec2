import { z } from 'zod';
import { brandSchema } from './brands';
import { formatPercent } from './format';

/**
 * Earn rewards (SPEC §2 /earnRewards, /earnRewards/{brandID}): gift card brands that reward the
 * customer for redeeming with them, on top of the product's cashback. The brand funds the reward;
 * it reaches the wallet when the brand confirms the card (it is issued).
 */

export const earnRewardSchema = z.object({
  brand: brandSchema,
  /** The brand's reward, in basis points of the amount (1500 = 15%). */
  reward_bps: z.number().int(),
  /** The reward in words, e.g. "Earn 15% back". */
  reward_label: z.string(),
});
export type EarnReward = z.infer<typeof earnRewardSchema>;

/** Every brand with an earn-rewards offer now: the highest reward first, then by name. */
export const earnRewardListSchema = z.object({ data: z.array(earnRewardSchema) });
export type EarnRewardList = z.infer<typeof earnRewardListSchema>;

/** The reward in words: "Earn 15% back", "Earn 2.5% back". */
export function rewardLabel(rewardBps: number): string {
  return `Earn ${formatPercent(rewardBps)} back`;
}
