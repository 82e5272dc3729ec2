import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@refund/contracts/errors';
import { z } from 'zod';
import {
  redemptionMethodListSchema,
  redemptionMethodSchema,
  statementFileSchema,
  statementFormatQuerySchema,
  statementLineSchema,
  statementMonthParamsSchema,
  statementPageSchema,
  statementQuerySchema,
  walletBalanceSchema,
  type RedemptionMethod,
  type RedemptionMode,
} from '@refund/contracts/wallet';
import type { Reads } from '../../db/replica-reads';
import { readAfterOf } from '../../http/read-after';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { monthlyStatement, statementCsv, statementPdf } from './monthly-statement';
import { walletBalance } from './wallet-balance';
import { walletStatement } from './wallet-statement';

export interface WalletRoutesOptions {
  /** Where the balance and statements read (the replica when it may be read, ADR 0037). */
  reads: Reads;
  /** The redemption methods the server offers (the payouts feature's registry). */
  methods: {
    views(): RedemptionMethod[];
    modeSchema: z.ZodType<RedemptionMode>;
    /** How the statements name a mode's method. */
    inWords(mode: RedemptionMode): string;
  };
  /** The welcome bonus offered, if any: its last day bounds the bonus balance shown. */
  bonus: { expiresAt: Date } | null;
  /** Named on the statements. */
  brandName: string;
}

export const walletRoutes: FastifyPluginAsync<WalletRoutesOptions> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The contracts' schemas with the modes registered here (a method beside the built-in ones).
  const mode = options.methods.modeSchema;
  const inWords = (redemptionMode: RedemptionMode) => options.methods.inWords(redemptionMode);
  const methodList = redemptionMethodListSchema.extend({
    data: z.array(redemptionMethodSchema.extend({ mode })),
  });
  const statementPage = statementPageSchema.extend({
    data: z.array(
      statementLineSchema.extend({
        redemption: statementLineSchema.shape.redemption.unwrap().extend({ mode }).nullable(),
      }),
    ),
  });

  r.get(
    '/wallet/balance',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['wallet'],
        summary:
          "The signed-in customer's balance: available now, pending (held) and bonus (spend-only), apart",
        response: { 200: walletBalanceSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const { userId } = request.customer;
      return options.reads.run(readAfterOf(request), (db) =>
        walletBalance(db, userId, options.bonus),
      );
    },
  );

  r.get(
    '/wallet/statement',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['wallet'],
        summary:
          "Every movement of the signed-in customer's money, newest first, one line per kind (refund claimed, redemption and its fee, cashback, brand reward, bonus, free play, money given back); the lines sum to the balance",
        querystring: statementQuerySchema,
        response: { 200: statementPage, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) =>
      options.reads.run(readAfterOf(request), (db) =>
        walletStatement(
          db,
          request.customer.userId,
          request.query.limit,
          request.query.cursor,
          request.query.kinds,
        ),
      ),
  );

  r.get(
    '/wallet/statements/:month',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['wallet'],
        summary:
          "The signed-in customer's statement of one month (YYYY-MM, in UTC) to download, as CSV or PDF: its opening balance, every line of the month with the balance after it, its closing balance",
        params: statementMonthParamsSchema,
        querystring: statementFormatQuerySchema,
        produces: ['text/csv', 'application/pdf'],
        response: { 200: statementFileSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.customer;
      const { month } = request.params;
      const { statement, holder } = await options.reads.run(readAfterOf(request), async (db) => {
        const [statement, [holder]] = await Promise.all([
          monthlyStatement(db, userId, month),
          db
            .select({ first: users.firstName, last: users.lastName })
            .from(users)
            .where(eq(users.id, userId)),
        ]);
        return { statement, holder };
      });
      const name = `statement-${month}.${request.query.format}`;
      void reply.header('content-disposition', `attachment; filename="${name}"`);
      if (request.query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .send(Buffer.from(statementCsv(statement, inWords), 'utf8'));
      }
      const pdf = await statementPdf(
        statement,
        { name: holder ? `${holder.first} ${holder.last}` : '', brandName: options.brandName },
        inWords,
      );
      return reply.type('application/pdf').send(pdf);
    },
  );

  r.get(
    '/redemption-methods',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['wallet'],
        summary: 'The ways to redeem a balance, and whether each is available now',
        response: { 200: methodList, 401: errorBodySchema },
      },
    },
    async () => ({ data: options.methods.views() }),
  );
};
