import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { IssuerHealth } from '../giftcards/giftcard-purchases';
import { earnRewardRoutes } from './earn-reward-routes';
import type { EarnRewards } from './earn-rewards';

export interface EarnRewardContext {
  db: Db;
  /** Shared with the gift card quotes, which add the same rewards. */
  earnRewards: EarnRewards;
  methods: { giftCards: { provides: { issuerHealth: IssuerHealth | null } } };
}

/** The brands' own rewards, served only while a gift card issuer is configured. */
export const earnRewardPlugin: FastifyPluginAsync<EarnRewardContext> = async (v1, context) => {
  if (!context.methods.giftCards.provides.issuerHealth) return;
  await v1.register(earnRewardRoutes, { db: context.db, earnRewards: context.earnRewards });
};
