import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@refund/contracts/errors';
import { listQuerySchema } from '@refund/contracts/merchant';
import {
  createSpotlightRequestSchema,
  merchantSpotlightListSchema,
  merchantSpotlightSchema,
  spotlightAnswerSchema,
  spotlightIdParamsSchema,
} from '@refund/contracts/spotlight';
import type { Db } from '../../db/database';
import { idempotencyHeadersSchema, sendIdempotent } from '../../http/idempotency';
import { liveSpotlight, type Spotlights } from './spotlights';

export interface SpotlightRoutesOptions {
  db: Db;
  spotlights: Spotlights;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
};

/** The merchant manages spotlights; a signed-in customer sees the one live now. */
export const spotlightRoutes: FastifyPluginAsync<SpotlightRoutesOptions> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { spotlights } = options;

  r.get(
    '/spotlight',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['promotions'],
        summary: 'The spotlight live now (the newest started and not ended), or null',
        response: { 200: spotlightAnswerSchema, 401: errorBodySchema },
      },
    },
    async () => ({ spotlight: await liveSpotlight(options.db) }),
  );

  r.post(
    '/merchant/spotlights',
    {
      config: { auth: 'merchant' },
      schema: {
        tags: ['merchant'],
        summary: 'Show customers a promotion: an uploaded image, optionally a logo and a button',
        description:
          'The file keys must be your own uploads (POST /v1/merchant/files). The button needs both ' +
          'an https URL and a text. Idempotent: the same Idempotency-Key with the same body ' +
          'answers the same spotlight; with a different body, 422.',
        headers: idempotencyHeadersSchema,
        body: createSpotlightRequestSchema,
        response: { 200: merchantSpotlightSchema, 201: merchantSpotlightSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { spotlight, created } = await spotlights.create(
        request.merchant,
        request.headers['idempotency-key'],
        request.body,
      );
      return sendIdempotent(reply, created, spotlight);
    },
  );

  r.get(
    '/merchant/spotlights',
    {
      config: { auth: 'merchant' },
      schema: {
        tags: ['merchant'],
        summary: 'Your spotlights, newest first, a page at a time',
        querystring: listQuerySchema,
        response: { 200: merchantSpotlightListSchema, ...errors },
      },
    },
    async (request) => spotlights.list(request.merchant.id, request.query),
  );

  r.post(
    '/merchant/spotlights/:spotlight_id/end',
    {
      config: { auth: 'merchant' },
      schema: {
        tags: ['merchant'],
        summary: 'End a spotlight now: customers stop seeing it',
        params: spotlightIdParamsSchema,
        response: { 200: merchantSpotlightSchema, ...errors },
      },
    },
    async (request) => spotlights.end(request.merchant.id, request.params.spotlight_id),
  );
};
