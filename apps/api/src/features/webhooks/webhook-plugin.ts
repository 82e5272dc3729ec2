import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { webhookRoutes } from './webhook-routes';

export interface WebhookContext {
  db: Db;
  config: Pick<Config, 'SANDBOX'>;
}

/** A merchant's webhook endpoint and its deliveries. */
export const webhookPlugin: FastifyPluginAsync<WebhookContext> = async (v1, context) => {
  await v1.register(webhookRoutes, {
    db: context.db,
    // Only the sandbox lets a merchant developing locally receive webhooks on localhost.
    allowPrivateWebhookUrls: context.config.SANDBOX,
  });
};
