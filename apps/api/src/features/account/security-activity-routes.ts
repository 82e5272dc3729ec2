import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@refund/contracts/errors';
import {
  securityActivityQuerySchema,
  securityActivitySchema,
} from '@refund/contracts/security-activity';
import type { SecurityActivityReader } from './security-activity';

export const securityActivityRoutes: FastifyPluginAsync<{
  activity: SecurityActivityReader;
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
};
