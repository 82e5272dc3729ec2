import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
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
  type Transaction,
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

/** Transactions kept as their JSON: a few megabytes at most. */
const ENCODED_TRANSACTIONS = 10_000;

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
  /**
   * Each transaction's JSON as the route's schema encodes it, by the transaction as read: the
   * history's first page is read on every visit to home, and its transactions are mostly the
   * same from one visit to the next, so each distinct one is encoded once (encoding was a seventh
   * of the page's server time). The key is the whole transaction: any change is a new entry.
   */
  const encoded = new LRUCache<string, string>({ max: ENCODED_TRANSACTIONS });
  const transactionJson = (read: Transaction): string => {
    const key = JSON.stringify(read);
    let json = encoded.get(key);
    if (json === undefined) {
      json = JSON.stringify(z.encode(transaction, read));
      encoded.set(key, json);
    }
    return json;
  };

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
    async (request, reply) => {
      const { userId } = request.customer;
      const page = await reads.run(readAfterOf(request), (db) =>
        redemptions.list(userId, request.query.limit, request.query.cursor, db),
      );
      const data = page.data.map(transactionJson).join(',');
      const json = `{"data":[${data}],"next_cursor":${JSON.stringify(page.next_cursor)}}`;
      // Encoded by the schema above, so sent as it is; the type provider types send() as the
      // schema's object, not its JSON.
      return reply.type('application/json; charset=utf-8').send(json as never);
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
