import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@refund/contracts/errors';
import {
  redemptionMethodListSchema,
  walletBalanceSchema,
  type RedemptionMode,
} from '@refund/contracts/wallet';
import type { Db } from '../../db/database';
import type { Authenticator } from '../auth/authenticate';
import { redemptionMethods } from './redemption-methods';
import { walletBalance } from './wallet-balance';

export interface WalletRoutesOptions {
  db: Db;
  authenticator: Authenticator;
  disabledRedemptionModes: ReadonlySet<RedemptionMode>;
}

export const walletRoutes: FastifyPluginAsync<WalletRoutesOptions> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/wallet/balance',
    {
      schema: {
        tags: ['wallet'],
        summary: "The signed-in customer's balance: available now and pending (held)",
        security: [{ bearer: [] }],
        response: { 200: walletBalanceSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const { userId } = await options.authenticator.principal(request);
      return walletBalance(options.db, userId);
    },
  );

  r.get(
    '/redemption-methods',
    {
      schema: {
        tags: ['wallet'],
        summary: 'The ways to redeem a balance, and whether each is available now',
        security: [{ bearer: [] }],
        response: { 200: redemptionMethodListSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await options.authenticator.principal(request);
      return { data: redemptionMethods(options.disabledRedemptionModes) };
    },
  );
};
