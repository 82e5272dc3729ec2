import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addCardRequestSchema, cardListSchema, cardSchema } from '@refund/contracts/cards';
import { errorBodySchema } from '@refund/contracts/errors';
import { auditContextOf } from '../auth/audit';
import type { Cards } from './cards';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
};

export const cardRoutes: FastifyPluginAsync<{
  cards: Cards;
}> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { cards } = options;

  r.post(
    '/cards',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['cards'],
        summary:
          'Add a Visa or Mastercard debit card (the number is tokenized; the CVV is checked and dropped)',
        body: addCardRequestSchema,
        response: { 201: cardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.customer;
      const { card_number, expiry, name_on_card } = request.body;
      return reply
        .status(201)
        .send(
          await cards.add(userId, { card_number, expiry, name_on_card }, auditContextOf(request)),
        );
    },
  );

  r.get(
    '/cards',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['cards'],
        summary: "The customer's debit cards",
        response: { 200: cardListSchema, ...errors },
      },
    },
    async (request) => ({
      data: await cards.list(request.customer.userId),
    }),
  );

  r.delete(
    '/cards/:card_uuid',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['cards'],
        summary:
          'Remove a card: gone from lists and new redemptions (payouts on their way still reach it); someone else’s, or one removed already, answers 404',
        params: z.object({ card_uuid: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cards.remove(
        request.customer.userId,
        request.params.card_uuid,
        auditContextOf(request),
      );
      return reply.status(204).send(null);
    },
  );
};
