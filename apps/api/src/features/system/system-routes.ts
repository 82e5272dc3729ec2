import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { appConfigSchema, type AppConfig } from '@refund/contracts/app-config';
import { errorBodySchema } from '@refund/contracts/errors';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';

export interface SystemRoutesOptions {
  db: Db;
  appConfig: AppConfig;
  isShuttingDown: () => boolean;
}

/** Health probes (outside /v1) and the public app configuration. */
export const healthRoutes: FastifyPluginAsync<
  Pick<SystemRoutesOptions, 'db' | 'isShuttingDown'>
> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const status = z.object({ status: z.string() });

  // A load balancer asks these every second or so: an answer is logged only when it is a
  // warning or worse, not a line each time.
  const logLevel = 'warn';

  r.get('/healthz', { logLevel, schema: { hide: true, response: { 200: status } } }, async () => ({
    status: 'ok',
  }));

  r.get(
    '/readyz',
    { logLevel, schema: { hide: true, response: { 200: status, 503: errorBodySchema } } },
    async () => {
      if (options.isShuttingDown()) throw new AppError('SERVICE_UNAVAILABLE', 'Shutting down.');
      try {
        await options.db.execute(sql`select 1`);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unavailable.');
      }
      return { status: 'ready' };
    },
  );
};

export const appConfigRoutes: FastifyPluginAsync<Pick<SystemRoutesOptions, 'appConfig'>> = async (
  app,
  options,
) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/app-config',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['app'],
        summary: 'Public settings the web app needs: brand, sandbox, bot protection',
        response: { 200: appConfigSchema },
      },
    },
    async () => options.appConfig,
  );
};
