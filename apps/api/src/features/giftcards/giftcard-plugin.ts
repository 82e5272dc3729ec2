import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import { brandRoutes } from './brand-routes';
import type { GiftCardProvides } from './giftcard-start';
import type { GiftCardWallet } from './giftcard-wallet';
import { giftCardWalletRoutes } from './giftcard-wallet-routes';
import { createGiftCardQuotes } from './quotes';

export interface GiftCardContext {
  db: Db;
  /** Shared with the data export, which lists the same gift cards. */
  giftCardWallet: GiftCardWallet;
  /** A brand's earn-rewards reward, which its quotes add (earn rewards build on gift cards). */
  earnRewards: { rewardBpsOf: (providerBrandId: string) => number };
  methods: { giftCards: { provides: Pick<GiftCardProvides, 'teamShopBrands'> } };
}

/** The brands and their quotes, and the customer's gift card wallet. */
export const giftCardPlugin: FastifyPluginAsync<GiftCardContext> = async (v1, context) => {
  const { db } = context;
  await v1.register(brandRoutes, {
    db,
    quotes: createGiftCardQuotes(db, context.earnRewards.rewardBpsOf),
    selections: { teamShops: context.methods.giftCards.provides.teamShopBrands },
  });
  await v1.register(giftCardWalletRoutes, { wallet: context.giftCardWallet });
};
