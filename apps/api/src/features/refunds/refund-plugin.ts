import type { ServerAnalytics } from '../analytics/server-analytics';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { BotVerifier } from '../../providers/ports';
import type { OtpService } from '../auth/otp-service';
import { creditWelcomeBonus, type WelcomeBonus } from '../bonuses/welcome-bonus';
import { customerClaimRoutes, type CustomerClaimRoutesOptions } from './customer-claim-routes';
import { createCustomerClaims } from './customer-claims';
import { merchantRefundRoutes } from './merchant-refund-routes';
import { createMerchantRefunds } from './merchant-refunds';

export interface RefundContext {
  db: Db;
  jobs: JobQueue;
  otp: OtpService;
  bot: BotVerifier;
  config: Pick<Config, 'PUBLIC_URL'>;
  /** A claim's verification can prove the customer's e-mail: their cached profile goes. */
  profiles: { invalidate(userId: string): void };
  emailVerification: CustomerClaimRoutesOptions['emailLinks'];
  refreshCookie: { set(reply: FastifyReply, refreshToken: string): void };
  welcomeBonus: WelcomeBonus | null;
  /** The server-side analytics port: each claim is reported. */
  serverAnalytics: ServerAnalytics;
}

/** Merchants' refunds, and customers claiming them (a first claim credits the welcome bonus). */
export const refundPlugin: FastifyPluginAsync<RefundContext> = async (v1, context) => {
  const { db, jobs, serverAnalytics, welcomeBonus } = context;
  const claims = createCustomerClaims({
    db,
    jobs,
    otp: context.otp,
    onEmailVerified: (userId) => context.profiles.invalidate(userId),
    onClaimed: (tx, userId) => creditWelcomeBonus(tx, welcomeBonus, userId),
    afterClaim: (userId, claimedCents) =>
      serverAnalytics.capture({
        userId,
        name: 'refund_claimed',
        properties: { amount_in_cents: claimedCents },
      }),
  });
  await v1.register(customerClaimRoutes, {
    db,
    claims,
    emailLinks: context.emailVerification,
    bot: context.bot,
    setRefreshCookie: (reply, refreshToken) => context.refreshCookie.set(reply, refreshToken),
  });
  await v1.register(merchantRefundRoutes, {
    refunds: createMerchantRefunds({ db, jobs, publicUrl: context.config.PUBLIC_URL }),
  });
};
