import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addCardRequestSchema, cardListSchema, cardSchema } from '@refund/contracts/cards';
import { errorBodySchema } from '@refund/contracts/errors';
import type { Authenticator } from '../auth/authenticate';
import type { Cards } from './cards';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
};
const security = [{ bearer: [] }];

export const cardRoutes: FastifyPluginAsync<{
  cards: Cards;
  authenticator: Authenticator;
}> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { cards, authenticator } = options;

  r.post(
    '/cards',
    {
      schema: {
        tags: ['cards'],
        summary:
          'Add a Visa or Mastercard debit card (the number is tokenized; the CVV is checked and dropped)',
        security,
        body: addCardRequestSchema,
        response: { 201: cardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await authenticator.principal(request);
      const { card_number, expiry, name_on_card } = request.body;
      return reply.status(201).send(await cards.add(userId, { card_number, expiry, name_on_card }));
    },
  );

  r.get(
    '/cards',
    {
      schema: {
        tags: ['cards'],
        summary: "The customer's debit cards",
        security,
        response: { 200: cardListSchema, ...errors },
      },
    },
    async (request) => ({
      data: await cards.list((await authenticator.principal(request)).userId),
    }),
  );

  r.delete(
    '/cards/:card_uuid',
    {
      schema: {
        tags: ['cards'],
        summary: 'Remove a card',
        security,
        params: z.object({ card_uuid: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cards.remove((await authenticator.principal(request)).userId, request.params.card_uuid);
      return reply.status(204).send(null);
    },
  );
};
