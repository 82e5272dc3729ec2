import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import { spotlightRoutes } from './spotlight-routes';
import { createSpotlights } from './spotlights';

export interface SpotlightContext {
  db: Db;
}

/** The merchants' spotlights and the one customers see. */
export const spotlightPlugin: FastifyPluginAsync<SpotlightContext> = async (v1, context) => {
  const { db } = context;
  await v1.register(spotlightRoutes, { db, spotlights: createSpotlights(db) });
};
