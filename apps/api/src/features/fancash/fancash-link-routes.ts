import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@refund/contracts/errors';
import {
  completeFanCashLinkRequestSchema,
  fanCashLinkResponseSchema,
  fanCashLinkSchema,
  fanCashLinkStartSchema,
} from '@refund/contracts/fancash';
import type { FanCashLinks } from './fancash-links';

const errors = { 400: errorBodySchema, 401: errorBodySchema };

export const fanCashLinkRoutes: FastifyPluginAsync<{ links: FanCashLinks }> = async (
  app,
  options,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { links } = options;

  r.get(
    '/fancash/link',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['fancash'],
        summary: "The customer's linked FanCash account, or null",
        response: { 200: fanCashLinkResponseSchema, ...errors },
      },
    },
    async (request) => ({ link: await links.get(request.customer.userId) }),
  );

  r.post(
    '/fancash/link/start',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['fancash'],
        summary: "Where to sign in at the sports merchant to link the customer's FanCash account",
        response: { 200: fanCashLinkStartSchema, ...errors },
      },
    },
    async (request) => links.start(request.customer.userId),
  );

  r.post(
    '/fancash/link/complete',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['fancash'],
        summary: "Links the account with what the merchant's sign-in sent back",
        body: completeFanCashLinkRequestSchema,
        response: {
          200: fanCashLinkSchema,
          ...errors,
          409: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => links.complete(request.customer.userId, request.body),
  );

  r.delete(
    '/fancash/link',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['fancash'],
        summary: "Forgets the customer's FanCash account",
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await links.unlink(request.customer.userId);
      return reply.status(204).send(null);
    },
  );
};
