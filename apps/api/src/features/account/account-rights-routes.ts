import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  closeAccountRequestSchema,
  closeAccountResponseSchema,
  closureStatusSchema,
  dataExportSchema,
} from '@refund/contracts/account-rights';
import { otpChallengeSchema } from '@refund/contracts/auth';
import { errorBodySchema } from '@refund/contracts/errors';
import type { AccountClosure } from './account-closure';
import { auditContextOf } from '../auth/audit';
import type { DataExportService } from './data-export';

/** The customer's rights over the account (ADR 0033): their data as a file, and closing it. */
export const accountRightsRoutes: FastifyPluginAsync<{
  dataExport: DataExportService;
  closure: AccountClosure;
  /** Clears the refresh-token cookie: the closed account's session is over. */
  clearRefreshCookie: (reply: FastifyReply) => void;
}> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/data-export',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['auth'],
        summary:
          'Everything kept about the signed-in customer, as a JSON file to download: profile, contacts, addresses, sessions, security activity and every history line',
        response: { 200: dataExportSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const data = await options.dataExport.export(request.customer);
      const day = data.exported_at.slice(0, 10);
      void reply
        .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  r.get(
    '/users/closure',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['auth'],
        summary:
          'Whether the account can be closed now: not while money is available or held, nor while a redemption is on its way',
        response: { 200: closureStatusSchema, 401: errorBodySchema },
      },
    },
    async (request) => options.closure.status(request.customer.userId),
  );

  r.post(
    '/users/closure/otp',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['auth'],
        summary:
          "Texts the passcode that closes the account to the account's phone; refused while money remains",
        response: {
          200: otpChallengeSchema,
          401: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => options.closure.startClosure(request.customer.userId, request.ip),
  );

  r.post(
    '/users/close',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['auth'],
        summary:
          'Closes the account with the passcode texted for it: every session ends, the phone and e-mail are freed and personal data erased; the ledger and payout records stay (ADR 0033)',
        body: closeAccountRequestSchema,
        response: {
          200: closeAccountResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const closed = await options.closure.close(
        request.customer.userId,
        request.body,
        auditContextOf(request),
      );
      options.clearRefreshCookie(reply);
      return closed;
    },
  );
};
