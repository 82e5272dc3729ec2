import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@refund/contracts/errors';
import {
  securityActivityQuerySchema,
  securityActivitySchema,
  signOutOthersResponseSchema,
} from '@refund/contracts/security-activity';
import type { Db } from '../../db/database';
import { revokeOtherSessions } from '../auth/users';
import { auditContextOf, recordAudit } from '../auth/audit';
import type { SecurityActivityReader } from './security-activity';

export const securityActivityRoutes: FastifyPluginAsync<{
  db: Db;
  activity: SecurityActivityReader;
  /** The customer's other sessions ended: this process checks their sessions again. */
  onSessionsEnded: (userId: string) => void;
}> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/security-activity',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['auth'],
        summary:
          "The signed-in customer's security activity (sign-ins, changes of details, contacts, addresses and saved destinations), newest first",
        querystring: securityActivityQuerySchema,
        response: { 200: securityActivitySchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => options.activity.list(request.customer, request.query),
  );

  r.post(
    '/users/sessions/sign-out-others',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['auth'],
        summary:
          'Signs the customer out of every device but this one: their sessions end at once on every instance',
        response: { 200: signOutOthersResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const { userId, sessionId } = request.customer;
      const context = auditContextOf(request);
      const signedOut = await options.db.transaction(async (tx) => {
        const ended = await revokeOtherSessions(tx, userId, sessionId, 'signed_out_elsewhere');
        await recordAudit(tx, userId, 'other_sessions_signed_out', [], context);
        return ended;
      });
      options.onSessionsEnded(userId);
      return { signed_out: signedOut };
    },
  );
};
