import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@refund/contracts/errors';
import {
  freePlayClaimDeviceHeadersSchema,
  freePlayClaimHeadersSchema,
  freePlayClaimSchema,
  freePlayResponseSchema,
} from '@refund/contracts/free-play';
import { idempotencyHeadersSchema, sendIdempotent } from '../../http/idempotency';
import type { FreePlayService } from './free-play';

const errors = { 400: errorBodySchema, 401: errorBodySchema };

export const freePlayRoutes: FastifyPluginAsync<{ freePlay: FreePlayService }> = async (
  app,
  options,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { freePlay } = options;

  r.get(
    '/promotions/free-play',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['promotions'],
        summary: 'The free play the sports merchant funds, as this customer can claim it, or null',
        description: 'With X-Device-Id, a free play claimed on that device answers DEVICE_USED.',
        headers: freePlayClaimHeadersSchema,
        response: { 200: freePlayResponseSchema, ...errors },
      },
    },
    async (request) => ({
      offer: await freePlay.get(request.customer, request.headers['x-device-id']),
    }),
  );

  r.post(
    '/promotions/free-play/claims',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['promotions'],
        summary: 'Claims the free play into the wallet: once per customer and per device',
        description:
          'Idempotent: a retry with the same Idempotency-Key answers the first claim (200); ' +
          'another claim is refused with FREE_PLAY_ALREADY_CLAIMED. X-Device-Id is required: ' +
          'one claim per device.',
        headers: idempotencyHeadersSchema.extend(freePlayClaimDeviceHeadersSchema.shape),
        response: {
          200: freePlayClaimSchema,
          201: freePlayClaimSchema,
          ...errors,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { claim, created } = await freePlay.claim(request.customer, {
        deviceId: request.headers['x-device-id'],
        idempotencyKey: request.headers['idempotency-key'],
      });
      return sendIdempotent(reply, created, claim);
    },
  );
};
