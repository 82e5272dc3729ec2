import type { FastifyPluginAsync } from 'fastify';
import type { CustomerChanges } from '../../db/customer-changes';
import type { Db } from '../../db/database';
import { createBrandCatalog } from './brand-catalog';
import { brandRoutes } from './brand-routes';
import type { GiftCardProvides } from './giftcard-start';
import type { GiftCardWallet } from './giftcard-wallet';
import { giftCardWalletRoutes } from './giftcard-wallet-routes';
import { createGiftCardQuotes } from './quotes';

export interface GiftCardContext {
  db: Db;
  /** What the database announces: a change to the catalog drops the brand lists' snapshot. */
  changes: Pick<CustomerChanges, 'live' | 'subscribe'>;
  /** Shared with the data export, which lists the same gift cards. */
  giftCardWallet: GiftCardWallet;
  /** A brand's earn-rewards reward, which its quotes add (earn rewards build on gift cards). */
  earnRewards: { rewardBpsOf: (providerBrandId: string) => number };
  methods: { giftCards: { provides: Pick<GiftCardProvides, 'teamShopBrands'> } };
}

/** The brands and their quotes, and the customer's gift card wallet. */
export const giftCardPlugin: FastifyPluginAsync<GiftCardContext> = async (v1, context) => {
  const { db } = context;
  const catalog = createBrandCatalog({
    db,
    changes: context.changes,
    selections: { teamShops: context.methods.giftCards.provides.teamShopBrands },
  });
  v1.addHook('onClose', async () => catalog.stop());
  await v1.register(brandRoutes, {
    db,
    quotes: createGiftCardQuotes(db, context.earnRewards.rewardBpsOf),
    catalog,
  });
  await v1.register(giftCardWalletRoutes, { wallet: context.giftCardWallet });
};
