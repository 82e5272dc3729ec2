import { z } from 'zod';
import { defineMethodContract, destinationBase } from './method-contract';

/** A gift card, kept in the gift card wallet: what a plain gift card and earn rewards buy. */
export const giftCardDestination = z.object({ kind: z.literal('gift_card'), ...destinationBase });

/** A gift card of the catalog's brands, with its cashback. */
export const giftCardContract = defineMethodContract({
  mode: 'giftcard',
  destination: giftCardDestination,
});

/** A gift card of a brand with an earn-rewards offer: its reward comes on top. */
export const earnRewardsContract = defineMethodContract({
  mode: 'earn_rewards',
  destination: giftCardDestination,
});
