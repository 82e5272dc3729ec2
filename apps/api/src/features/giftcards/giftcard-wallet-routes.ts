import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@refund/contracts/errors';
import { otpChallengeSchema } from '@refund/contracts/auth';
import {
  archiveGiftCardRequestSchema,
  deviceHeadersSchema,
  giftCardCredentialsSchema,
  openGiftCardRequestSchema,
  giftCardDetailsSchema,
  giftCardListQuerySchema,
  giftCardListSchema,
  giftCardParamsSchema,
} from '@refund/contracts/giftcards';
import type { GiftCardWallet } from './giftcard-wallet';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const openErrors = { ...errors, 403: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

export const giftCardWalletRoutes: FastifyPluginAsync<{ wallet: GiftCardWallet }> = async (
  app,
  options,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { wallet } = options;

  r.get(
    '/giftcards',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['gift cards'],
        summary: "The customer's gift cards, newest first: active, or archived (marked used)",
        querystring: giftCardListQuerySchema,
        response: { 200: giftCardListSchema, ...errors },
      },
    },
    async (request) => wallet.list(request.customer.userId, request.query),
  );

  r.get(
    '/giftcards/:reward_reference_id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['gift cards'],
        summary: "One of the customer's gift cards: its value, cashback, instructions and terms",
        params: giftCardParamsSchema,
        response: { 200: giftCardDetailsSchema, ...errors },
      },
    },
    async (request) => wallet.details(request.customer.userId, request.params.reward_reference_id),
  );

  r.post(
    '/giftcards/:reward_reference_id/credentials/otp',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['gift cards'],
        summary: "Texts the passcode that opens a gift card's code on a new device",
        params: giftCardParamsSchema,
        response: { 200: otpChallengeSchema, ...openErrors },
      },
    },
    async (request) =>
      wallet.startOpening(request.customer.userId, request.params.reward_reference_id, request.ip),
  );

  r.post(
    '/giftcards/:reward_reference_id/credentials',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['gift cards'],
        summary:
          "A gift card's code, PIN, link and barcode: on a device that opened it before, or with the passcode",
        params: giftCardParamsSchema,
        headers: deviceHeadersSchema,
        body: openGiftCardRequestSchema,
        response: { 200: giftCardCredentialsSchema, ...openErrors },
      },
    },
    async (request, reply) => {
      const credentials = await wallet.open(
        request.customer.userId,
        request.params.reward_reference_id,
        request.headers['x-device-id'],
        request.body,
      );
      return reply.header('cache-control', 'no-store').send(credentials);
    },
  );

  r.post(
    '/giftcards/:reward_reference_id/view-later',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['gift cards'],
        summary:
          'Texts the customer a link to the gift card, to open later (at most once a minute)',
        params: giftCardParamsSchema,
        response: { 204: z.null(), ...openErrors },
      },
    },
    async (request, reply) => {
      await wallet.viewLater(request.customer.userId, request.params.reward_reference_id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/giftcards/:reward_reference_id/archived',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['gift cards'],
        summary: 'Marks a gift card used (archived), or active again',
        params: giftCardParamsSchema,
        body: archiveGiftCardRequestSchema,
        response: { 200: giftCardDetailsSchema, ...errors },
      },
    },
    async (request) =>
      wallet.archive(
        request.customer.userId,
        request.params.reward_reference_id,
        request.body.archived,
      ),
  );
};
