import { z } from 'zod';
import {
  defineMethodConfig,
  defineRedemptionMethod,
  type SettingsOf,
} from '../payouts/method-definition';

/** A comma-separated list of the issuer's brand ids. */
const brandIdList = z.string().transform((value) =>
  value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean),
);

/** A brand's own reward for redeeming with it (earn rewards), in basis points of the amount. */
export interface EarnRewardOffer {
  providerBrandId: string;
  rewardBps: number;
}

/** "SBX-harbor-coffee:1500,SBX-voltline:1000": provider brand ids and their reward in bps. */
const brandRewardList = z.string().transform((value, ctx) => {
  const offers: EarnRewardOffer[] = [];
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^(.+):(\d{1,4})$/.exec(entry);
    const rewardBps = Number(match?.[2]);
    if (!match?.[1] || rewardBps < 1 || rewardBps > 5_000) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" must be a brand id and its reward in basis points (1 to 5000), e.g. SBX-harbor-coffee:1500`,
      });
      return z.NEVER;
    }
    offers.push({ providerBrandId: match[1].trim(), rewardBps });
  }
  return offers;
});

/** Gift cards with cashback, and the same cards of brands with a reward of their own. */
export const giftCardConfig = defineMethodConfig({
  env: {
    /** The gift card issuer; default the sandbox outside production, none (no gift cards) in it. */
    GIFT_CARD_PROVIDER: z.enum(['none', 'sandbox', 'runa']).optional(),
    RUNA_API_KEY: z.string().min(1).optional(),
    /** Default Runa's production API; its playground is https://playground.runa.io/v2. */
    RUNA_BASE_URL: z.url().optional(),
    RUNA_API_VERSION: z.string().default('2024-02-05'),
    /** The part of the issuer's discount paid to customers as cashback, in basis points. */
    GIFT_CARD_CASHBACK_SHARE_BPS: z.coerce.number().int().min(0).max(10_000).default(5_000),
    /** Provider brand ids featured on the promotion page, in order; default the sandbox's demo. */
    GIFT_CARD_FEATURED_BRANDS: brandIdList.optional(),
    /** Provider brand ids not offered; default the sandbox's demo. */
    GIFT_CARD_DISABLED_BRANDS: brandIdList.optional(),
    /**
     * Provider brand ids of the sports merchant's team-shop gift cards (the Sports Gift Card
     * screen); default the sandbox's demo, so none in production.
     */
    GIFT_CARD_TEAM_SHOP_BRANDS: brandIdList.optional(),
    /**
     * The brands' own rewards for redeeming with them (earn rewards): provider brand ids with a
     * reward in basis points, e.g. "SBX-harbor-coffee:1500"; default the sandbox's demo.
     */
    EARN_REWARDS_OFFERS: brandRewardList.optional(),
    /** Sandbox: seconds from a gift card order to the card being issued. */
    SANDBOX_GIFT_CARD_FULFIL_SECONDS: z.coerce.number().min(0).max(3_600).default(3),
    /** How often the catalog is synced from the issuer. */
    GIFT_CARD_CATALOG_SYNC_SECONDS: z.coerce.number().min(10).max(86_400).default(3_600),
  },
  providers: ['GIFT_CARD_PROVIDER'],
  check(env, need) {
    if (env.GIFT_CARD_PROVIDER === 'runa') need('RUNA_API_KEY', 'for GIFT_CARD_PROVIDER=runa');
  },
  defaults: (env, production) => ({
    GIFT_CARD_PROVIDER: env.GIFT_CARD_PROVIDER ?? (production ? 'none' : 'sandbox'),
  }),
});

export type GiftCardSettings = SettingsOf<typeof giftCardConfig>;

export const giftCardDefinition = defineRedemptionMethod({
  name: 'giftCards',
  modes: ['giftcard', 'earn_rewards'],
  config: giftCardConfig,
  // Loaded when the server starts, not when the configuration is read (see debit-card).
  start: async (context) => (await import('./giftcard-start')).startGiftCards(context),
});
