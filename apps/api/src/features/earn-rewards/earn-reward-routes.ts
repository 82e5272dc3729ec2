import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandParamsSchema } from '@refund/contracts/brands';
import { earnRewardListSchema, earnRewardSchema } from '@refund/contracts/earn-rewards';
import { errorBodySchema } from '@refund/contracts/errors';
import type { Db } from '../../db/database';
import type { EarnRewards } from './earn-rewards';

export const earnRewardRoutes: FastifyPluginAsync<{ db: Db; earnRewards: EarnRewards }> = async (
  app,
  options,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, earnRewards } = options;
  const errors = { 400: errorBodySchema, 401: errorBodySchema };

  r.get(
    '/earn-rewards',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['gift cards'],
        summary: "Brands with an earn-rewards offer now: each brand's own reward, highest first",
        response: { 200: earnRewardListSchema, ...errors },
      },
    },
    async () => ({ data: await earnRewards.list(db) }),
  );

  r.get(
    '/earn-rewards/:brand_id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['gift cards'],
        summary: "A brand's earn-rewards offer; 404 when it has none now",
        params: brandParamsSchema,
        response: { 200: earnRewardSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request) => earnRewards.find(db, request.params.brand_id),
  );
};
