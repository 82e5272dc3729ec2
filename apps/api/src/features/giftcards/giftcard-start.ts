import type { GiftCardIssuer } from '../../providers/ports';
import { createRunaGiftCardIssuer } from '../../providers/runa-giftcards';
import {
  createSandboxGiftCardIssuer,
  sandboxDisabledBrands,
  sandboxEarnRewardOffers,
  sandboxFeaturedBrands,
  sandboxTeamShopBrands,
} from '../../providers/sandbox-giftcards';
import type { MethodStartContext, StartedMethod } from '../payouts/method-definition';
import { startCatalogSync, syncGiftCardCatalog } from './catalog-sync';
import type { EarnRewardOffer, GiftCardSettings } from './giftcard-definition';
import { createGiftCardMethod } from './giftcard-method';
import {
  createIssuerHealth,
  registerGiftCardOrderJobs,
  type IssuerHealth,
} from './giftcard-purchases';
import { deleteStaleQuotes } from './quotes';

/** What other features use of gift cards: the issuer's health and the merchandising configured. */
export interface GiftCardProvides {
  /** The issuer's health when one is configured; without one, gift cards are not offered. */
  issuerHealth: IssuerHealth | null;
  /** Provider brand ids of the sports merchant's team shops. */
  teamShopBrands: readonly string[];
  /** The brands' own rewards for redeeming with them (earn rewards). */
  earnRewardOffers: readonly EarnRewardOffer[];
}

export async function startGiftCards({
  settings,
  db,
  jobs,
  logger,
}: MethodStartContext<GiftCardSettings>): Promise<StartedMethod<GiftCardProvides>> {
  const giftCards = createGiftCardIssuer(settings);
  const health = giftCards ? createIssuerHealth() : null;
  const catalogSync = giftCards
    ? await startCatalogSync(
        jobs,
        async () => {
          const synced = await syncGiftCardCatalog(db, giftCards.issuer, {
            cashbackShareBps: settings.GIFT_CARD_CASHBACK_SHARE_BPS,
            featured: settings.GIFT_CARD_FEATURED_BRANDS ?? giftCards.demo.featured,
            disabled: settings.GIFT_CARD_DISABLED_BRANDS ?? giftCards.demo.disabled,
          });
          return { ...synced, staleQuotesDeleted: await deleteStaleQuotes(db) };
        },
        {
          db,
          intervalSeconds: settings.GIFT_CARD_CATALOG_SYNC_SECONDS,
          logger,
          ...(health ? { health } : {}),
        },
      )
    : null;
  if (giftCards && health) {
    await registerGiftCardOrderJobs({
      db,
      jobs,
      issuer: giftCards.issuer,
      health,
      vaultKey: settings.VAULT_KEY,
      logger,
    });
  }
  const earnRewardOffers = giftCards
    ? (settings.EARN_REWARDS_OFFERS ?? giftCards.demo.earnRewards)
    : [];
  // Registered without an issuer all the same, so past purchases are still shown.
  const reachable = health ?? { reachable: false };
  return {
    methods: [
      createGiftCardMethod({ jobs, health: reachable }),
      createGiftCardMethod({
        jobs,
        health: reachable,
        mode: 'earn_rewards',
        // Offered only while some brand has an earn-rewards offer.
        offered: earnRewardOffers.length > 0,
      }),
    ],
    provides: {
      issuerHealth: health,
      teamShopBrands: giftCards
        ? (settings.GIFT_CARD_TEAM_SHOP_BRANDS ?? giftCards.demo.teamShops)
        : [],
      earnRewardOffers,
    },
    stop: async () => catalogSync?.stop(),
  };
}

/**
 * The gift card issuer configured, with its demo merchandising (the brands featured, switched off
 * and sold as team shops when configuration names none); null without an issuer.
 */
function createGiftCardIssuer(settings: GiftCardSettings): {
  issuer: GiftCardIssuer;
  demo: {
    featured: readonly string[];
    disabled: readonly string[];
    teamShops: readonly string[];
    earnRewards: readonly EarnRewardOffer[];
  };
} | null {
  if (settings.GIFT_CARD_PROVIDER === 'none') return null;
  if (settings.GIFT_CARD_PROVIDER === 'runa') {
    return {
      issuer: createRunaGiftCardIssuer({
        apiKey: settings.RUNA_API_KEY ?? '',
        apiVersion: settings.RUNA_API_VERSION,
        ...(settings.RUNA_BASE_URL ? { baseUrl: settings.RUNA_BASE_URL } : {}),
      }),
      demo: { featured: [], disabled: [], teamShops: [], earnRewards: [] },
    };
  }
  return {
    issuer: createSandboxGiftCardIssuer({
      fulfilSeconds: settings.SANDBOX_GIFT_CARD_FULFIL_SECONDS,
    }),
    demo: {
      featured: sandboxFeaturedBrands,
      disabled: sandboxDisabledBrands,
      teamShops: sandboxTeamShopBrands,
      earnRewards: sandboxEarnRewardOffers,
    },
  };
}
