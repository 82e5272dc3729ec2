import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { sandboxRoutes } from './sandbox-routes';

export interface SandboxContext {
  db: Db;
  config: Pick<Config, 'SANDBOX'>;
}

/** The sandbox's message inbox; its routes refuse when the sandbox is off. */
export const sandboxPlugin: FastifyPluginAsync<SandboxContext> = async (v1, context) => {
  await v1.register(sandboxRoutes, { db: context.db, enabled: context.config.SANDBOX });
};
