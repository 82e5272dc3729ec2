import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import { fileRoutes } from './file-routes';

export interface FileContext {
  db: Db;
}

/** Merchants' uploaded images, and serving them. */
export const filePlugin: FastifyPluginAsync<FileContext> = async (v1, context) => {
  await v1.register(fileRoutes, { db: context.db });
};
