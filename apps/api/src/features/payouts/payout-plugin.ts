import type { ServerAnalytics } from '../analytics/server-analytics';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { Reads } from '../../db/replica-reads';
import type { JobQueue } from '../../jobs/job-queue';
import type { BotVerifier } from '../../providers/ports';
import type { OtpService } from '../auth/otp-service';
import { spendableBonus, type WelcomeBonus } from '../bonuses/welcome-bonus';
import { releaseLapsedHolds } from '../refunds/lapsed-holds';
import type { MethodRegistry } from './redemption-method-registry';
import { createRedemptionRatings } from './redemption-ratings';
import { redemptionRatingRoutes, redemptionRoutes } from './redemption-routes';
import { createRedemptions, type Redemptions } from './redemptions';

export interface PayoutContext {
  db: Db;
  /** Where the transactions read (the replica when it may be read, ADR 0037). */
  reads: Reads;
  jobs: JobQueue;
  otp: OtpService;
  bot: BotVerifier;
  /** The methods redeemed through, less the ones switched off. */
  redemptionMethods: MethodRegistry;
  welcomeBonus: WelcomeBonus | null;
  /** The server-side analytics port: each new redemption is reported. */
  serverAnalytics: ServerAnalytics;
}

/** Redeeming the wallet through the registered methods, and rating a redemption. */
export const payoutPlugin: FastifyPluginAsync<PayoutContext> = async (v1, context) => {
  const { db, jobs, welcomeBonus, serverAnalytics } = context;
  const created = createRedemptions({
    db,
    jobs,
    otp: context.otp,
    methods: context.redemptionMethods,
    releaseLapsedHolds: (userId) => releaseLapsedHolds(db, jobs, userId),
    spendableBonus: (q, userId) => spendableBonus(q, welcomeBonus, userId),
    bot: context.bot,
  });
  const redemptions: Redemptions = {
    ...created,
    // Each newly created redemption (not a retried request) is reported to analytics.
    async create(userId, key, input, auditContext) {
      const outcome = await created.create(userId, key, input, auditContext);
      if (outcome.created) {
        const { mode, amount_in_cents, status } = outcome.transaction;
        serverAnalytics.capture({
          userId,
          name: 'redemption_created',
          properties: { method: mode, amount_in_cents, status },
        });
      }
      return outcome;
    },
  };
  await v1.register(redemptionRoutes, {
    redemptions,
    reads: context.reads,
    modeSchema: context.redemptionMethods.modeSchema,
  });
  await v1.register(redemptionRatingRoutes, { ratings: createRedemptionRatings(db) });
};
