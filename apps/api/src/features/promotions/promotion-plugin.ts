import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { createFreePlay, freePlayOf } from './free-play';
import { freePlayRoutes } from './free-play-routes';

export interface PromotionContext {
  db: Db;
  config: Pick<
    Config,
    'FREE_PLAY_CENTS' | 'FREE_PLAY_ENDS_ON' | 'FREE_PLAY_SPONSOR' | 'FREE_PLAY_ACCOUNTS_PER_DEVICE'
  >;
}

/** The sponsored free play, as configured. */
export const promotionPlugin: FastifyPluginAsync<PromotionContext> = async (v1, context) => {
  const { config } = context;
  await v1.register(freePlayRoutes, {
    freePlay: createFreePlay({
      db: context.db,
      offer: freePlayOf(config),
      accountsPerDevice: config.FREE_PLAY_ACCOUNTS_PER_DEVICE,
    }),
  });
};
