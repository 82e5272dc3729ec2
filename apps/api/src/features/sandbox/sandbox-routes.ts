import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@refund/contracts/errors';
import { sandboxMessageListSchema, sandboxMessagesQuerySchema } from '@refund/contracts/sandbox';
import { isUsPhone, phoneDigits } from '@refund/contracts/validation';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { listSandboxMessages } from '../../providers/sandbox-messages';
import { inboxPage } from './inbox-page';

export interface SandboxRoutesOptions {
  db: Db;
  enabled: boolean;
}

/** What the sandbox SMS and email providers kept, for people and tests to read codes and links. */
export const sandboxRoutes: FastifyPluginAsync<SandboxRoutesOptions> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = async () => {
    if (!options.enabled) throw new AppError('SANDBOX_DISABLED');
  };

  r.get(
    '/sandbox/messages',
    {
      config: { auth: 'none' },
      onRequest: guard,
      schema: {
        tags: ['sandbox'],
        summary:
          'Messages the sandbox SMS and email providers kept for one recipient, newest first',
        querystring: sandboxMessagesQuerySchema,
        response: { 200: sandboxMessageListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { to, limit } = request.query;
      const recipient = isUsPhone(to) ? phoneDigits(to) : to.toLowerCase();
      return { data: await listSandboxMessages(options.db, recipient, limit) };
    },
  );

  r.get(
    '/sandbox/inbox',
    {
      config: { auth: 'none' },
      onRequest: guard,
      schema: { tags: ['sandbox'], summary: 'A small page to read the sandbox inbox', hide: false },
    },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(inboxPage),
  );
};
