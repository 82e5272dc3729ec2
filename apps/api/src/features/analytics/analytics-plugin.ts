import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { sharedRateLimitStore } from '../../http/shared-rate-limit';
import { analyticsRoutes, sandboxAnalyticsRoutes } from './analytics-routes';

export interface AnalyticsContext {
  db: Db;
  config: Pick<Config, 'ANALYTICS_BATCHES_PER_IP_PER_MINUTE' | 'SANDBOX'>;
}

/** The web app's analytics events, and in the sandbox the pages that show them. */
export const analyticsPlugin: FastifyPluginAsync<AnalyticsContext> = async (v1, context) => {
  const { db, config } = context;
  await v1.register(analyticsRoutes, {
    db,
    batchesPerIpPerMinute: config.ANALYTICS_BATCHES_PER_IP_PER_MINUTE,
    limitStore: sharedRateLimitStore({
      db,
      onSweepError: (error) => v1.log.warn({ err: error }, 'sweeping the request limits failed'),
    }),
  });
  if (config.SANDBOX) await v1.register(sandboxAnalyticsRoutes, { db });
};
