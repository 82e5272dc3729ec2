import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyHeadersSchema, sendIdempotent } from '../../http/idempotency';
import { z } from 'zod';
import { otpChallengeSchema } from '@refund/contracts/auth';
import { errorBodySchema } from '@refund/contracts/errors';
import { listQuerySchema } from '@refund/contracts/merchant';
import {
  createRedemptionRequestSchema,
  rateTransactionRequestSchema,
  transactionListSchema,
  transactionSchema,
} from '@refund/contracts/redemptions';
import type { RedemptionMode } from '@refund/contracts/wallet';
import type { Reads } from '../../db/replica-reads';
import { readAfterOf } from '../../http/read-after';
import type { RedemptionRatings } from './redemption-ratings';
import type { Redemptions } from './redemptions';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
  // The database connection was lost: nothing was half-written; send the same request again.
  503: errorBodySchema,
};

export const redemptionRoutes: FastifyPluginAsync<{
  redemptions: Redemptions;
  /** Where the transactions read (the replica when it may be read, ADR 0037). */
  reads: Reads;
  /** The modes the registered methods redeem (the registry's `modeSchema`). */
  modeSchema: z.ZodType<RedemptionMode>;
}> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { redemptions, modeSchema, reads } = options;
  // The contracts' schemas with the modes registered here: a method registered beside the
  // built-in ones is redeemed through and shown like them (ADR 0014).
  const requestSchema = createRedemptionRequestSchema.extend({ mode: modeSchema });
  const transaction = transactionSchema.extend({ mode: modeSchema });
  const transactionList = transactionListSchema.extend({ data: z.array(transaction) });

  r.post(
    '/redemptions/otp',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['redemptions'],
        summary: "Send the withdrawal one-time passcode to the customer's phone",
        response: { 200: otpChallengeSchema, ...errors },
      },
    },
    async (request) => redemptions.startOtp(request.customer.userId, request.ip),
  );

  r.post(
    '/redemptions',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['redemptions'],
        summary:
          'Redeem to a debit card (instant), a bank account or a gift card (with its quote); idempotent by Idempotency-Key',
        headers: idempotencyHeadersSchema,
        body: requestSchema,
        response: { 200: transaction, 201: transaction, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.customer;
      const { transaction, created } = await redemptions.create(
        userId,
        request.headers['idempotency-key'],
        request.body,
        { ip: request.ip },
      );
      return sendIdempotent(reply, created, transaction);
    },
  );

  r.get(
    '/transactions',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['redemptions'],
        summary: "The customer's redemptions, newest first (keyset pagination)",
        querystring: listQuerySchema,
        response: { 200: transactionList, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      return reads.run(readAfterOf(request), (db) =>
        redemptions.list(userId, request.query.limit, request.query.cursor, db),
      );
    },
  );

  r.get(
    '/transactions/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['redemptions'],
        summary: 'One redemption with its payout details; someone else’s answers 404',
        params: z.object({ id: z.uuid({ error: 'id must be a UUID' }) }),
        response: { 200: transaction, ...errors },
      },
    },
    async (request) =>
      reads.run(readAfterOf(request), (db) =>
        redemptions.load(request.customer.userId, request.params.id, db),
      ),
  );
};

/** The customer's rating of a redemption, asked for on the success screen. */
export const redemptionRatingRoutes: FastifyPluginAsync<{
  ratings: RedemptionRatings;
}> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ratings } = options;

  r.post(
    '/transactions/:id/rating',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['redemptions'],
        summary: 'Rate a redemption from 1 to 5 stars; rating again replaces it',
        params: z.object({ id: z.uuid({ error: 'id must be a UUID' }) }),
        body: rateTransactionRequestSchema,
        response: {
          204: z.null(),
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.customer;
      await ratings.rate(userId, request.params.id, request.body.rating);
      return reply.status(204).send(null);
    },
  );
};
