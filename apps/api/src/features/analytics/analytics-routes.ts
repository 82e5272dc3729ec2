import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_PROPERTIES_MAX_BYTES,
  analyticsBatchSchema,
  sandboxAnalyticsQuerySchema,
  storedAnalyticsEventPageSchema,
} from '@refund/contracts/analytics';
import { errorBodySchema } from '@refund/contracts/errors';
import type { Db } from '../../db/database';
import { analyticsPage } from './analytics-page';
import { DomainError } from '../../domain/domain-error';
import { listAnalyticsEvents, recordWebEvents } from './analytics-events';

/** A full batch of events at their largest, with room for the JSON around them. */
const BODY_LIMIT_BYTES = ANALYTICS_BATCH_MAX_EVENTS * (ANALYTICS_PROPERTIES_MAX_BYTES + 1024);

export interface AnalyticsRoutesOptions {
  db: Db;
  /** Batches one IP address may send in a minute (ANALYTICS_BATCHES_PER_IP_PER_MINUTE). */
  batchesPerIpPerMinute: number;
  /** Where the batches are counted: in the database, for every instance of the API together. */
  limitStore: FastifyRateLimitStoreCtor;
}

/**
 * The first-party analytics endpoint: the web app's events when no analytics service is
 * configured. Signed out or in; the customer is the access token's, never the body's.
 */
export const analyticsRoutes: FastifyPluginAsync<AnalyticsRoutesOptions> = async (app, options) => {
  await app.register(rateLimit, { global: false, store: options.limitStore });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/analytics/events',
    {
      config: {
        auth: 'customer-optional',
        rateLimit: { max: options.batchesPerIpPerMinute, timeWindow: 60_000 },
      },
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['analytics'],
        summary: 'Record a batch of the web app’s analytics events (at most 50)',
        body: analyticsBatchSchema,
        response: {
          202: z.object({ accepted: z.number().int() }),
          400: errorBodySchema,
          413: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { events } = request.body;
      await recordWebEvents(options.db, events, request.viewer?.userId ?? null);
      return reply.status(202).send({ accepted: events.length });
    },
  );
};

/**
 * Sandbox: the stored analytics events, for people (a page) and tests (JSON) to read. Registered
 * only when the sandbox is on (never in production).
 */
export const sandboxAnalyticsRoutes: FastifyPluginAsync<
  Pick<AnalyticsRoutesOptions, 'db'>
> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/sandbox/analytics-events',
    {
      config: { auth: 'customer-optional' },
      schema: {
        tags: ['sandbox'],
        summary:
          "Analytics events stored for one browser (its anonymous id) or for the signed-in customer (user_id, with that customer's own token), newest first",
        querystring: sandboxAnalyticsQuerySchema,
        response: {
          200: storedAnalyticsEventPageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { anonymous_id, user_id, limit, cursor } = request.query;
      // A customer's events are theirs: read with their own token only. Another customer's id
      // answers as one with no such events would, telling nothing about it.
      if (user_id) {
        const viewer = request.viewer;
        if (!viewer) {
          throw new DomainError(
            'UNAUTHORIZED',
            "Sign in as this customer (send their token) to read a customer's events.",
          );
        }
        if (viewer.userId !== user_id)
          throw new DomainError('NOT_FOUND', 'No events for this customer.');
      }
      const whose = user_id ? { userId: user_id } : { anonymousId: anonymous_id ?? '' };
      return listAnalyticsEvents(options.db, whose, { limit, cursor });
    },
  );

  r.get(
    '/sandbox/analytics',
    {
      config: { auth: 'none' },
      schema: { tags: ['sandbox'], summary: 'A small page to read the stored analytics events' },
    },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(analyticsPage),
  );
};
