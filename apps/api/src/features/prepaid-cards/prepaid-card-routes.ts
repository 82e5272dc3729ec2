import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { otpChallengeSchema } from '@refund/contracts/auth';
import { errorBodySchema } from '@refund/contracts/errors';
import {
  prepaidCardholderResponseSchema,
  prepaidCardholderSchema,
  prepaidCardListQuerySchema,
  prepaidCardListSchema,
  prepaidCardParamsSchema,
  prepaidCardSchema,
  prepaidCardSecretsSchema,
  revealPrepaidCardRequestSchema,
} from '@refund/contracts/prepaid-cards';
import type { Cardholders } from './cardholders';
import type { PrepaidCardWallet } from './prepaid-card-wallet';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const issuerErrors = {
  ...errors,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

export const prepaidCardRoutes: FastifyPluginAsync<{
  cardholders: Cardholders;
  wallet: PrepaidCardWallet;
}> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { cardholders, wallet } = options;

  r.get(
    '/prepaid-cardholder',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['prepaid cards'],
        summary: 'The name and address prepaid cards are issued to; null before the first card',
        response: { 200: prepaidCardholderResponseSchema, ...errors },
      },
    },
    async (request) => ({ cardholder: await cardholders.get(request.customer.userId) }),
  );

  r.post(
    '/prepaid-cardholder',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['prepaid cards'],
        summary:
          "Makes the customer a cardholder at the issuer from their profile (once; again answers the same): the prepaid method's destination",
        response: { 200: prepaidCardholderSchema, ...issuerErrors },
      },
    },
    async (request) => cardholders.ensure(request.customer.userId),
  );

  r.get(
    '/prepaid-cards',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['prepaid cards'],
        summary: "The customer's prepaid Visa cards, newest first",
        querystring: prepaidCardListQuerySchema,
        response: { 200: prepaidCardListSchema, ...errors },
      },
    },
    async (request) => wallet.list(request.customer.userId, request.query),
  );

  r.get(
    '/prepaid-cards/:card_uuid',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['prepaid cards'],
        summary: "One of the customer's prepaid cards, its status and balance read from the issuer",
        params: prepaidCardParamsSchema,
        response: { 200: prepaidCardSchema, ...errors },
      },
    },
    async (request) => wallet.details(request.customer.userId, request.params.card_uuid),
  );

  r.post(
    '/prepaid-cards/:card_uuid/activate',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['prepaid cards'],
        summary: 'Activates an inactive card; an active one is answered as it is',
        params: prepaidCardParamsSchema,
        response: { 200: prepaidCardSchema, ...issuerErrors },
      },
    },
    async (request) => wallet.activate(request.customer.userId, request.params.card_uuid),
  );

  r.post(
    '/prepaid-cards/:card_uuid/details/otp',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['prepaid cards'],
        summary: "Texts the passcode that shows a card's number once",
        params: prepaidCardParamsSchema,
        response: { 200: otpChallengeSchema, ...issuerErrors },
      },
    },
    async (request) =>
      wallet.startReveal(request.customer.userId, request.params.card_uuid, request.ip),
  );

  r.post(
    '/prepaid-cards/:card_uuid/details',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['prepaid cards'],
        summary:
          "The card's number, CVC and expiry, read from the issuer, with a passcode texted for it",
        params: prepaidCardParamsSchema,
        body: revealPrepaidCardRequestSchema,
        response: { 200: prepaidCardSecretsSchema, ...issuerErrors },
      },
    },
    async (request, reply) => {
      const secrets = await wallet.reveal(
        request.customer.userId,
        request.params.card_uuid,
        request.body,
      );
      return reply.header('cache-control', 'no-store').send(secrets);
    },
  );
};
