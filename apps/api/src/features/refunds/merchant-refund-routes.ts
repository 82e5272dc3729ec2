import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyHeadersSchema, sendIdempotent } from '../../http/idempotency';
import { errorBodySchema } from '@refund/contracts/errors';
import {
  createRefundRequestSchema,
  fraudCheckRequestSchema,
  merchantRefundSchema,
  refundIdParamsSchema,
  returnIdParamsSchema,
} from '@refund/contracts/merchant';
import type { MerchantRefunds } from './merchant-refunds';

export interface MerchantRefundRoutesOptions {
  refunds: MerchantRefunds;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

/** The merchant's side: create refunds and report what happens to the returned items. */
export const merchantRefundRoutes: FastifyPluginAsync<MerchantRefundRoutesOptions> = async (
  app,
  options,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { refunds } = options;

  r.post(
    '/merchant/refunds',
    {
      config: { auth: 'merchant' },
      schema: {
        tags: ['merchant'],
        summary: 'Approve a refund: the customer gets a claim link by SMS and email',
        description:
          'Idempotent: the same Idempotency-Key with the same body answers the same refund; with a different body, 422.',
        headers: idempotencyHeadersSchema,
        body: createRefundRequestSchema,
        response: { 200: merchantRefundSchema, 201: merchantRefundSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { merchant } = request;
      const { refund, created } = await refunds.create(
        merchant,
        request.headers['idempotency-key'],
        request.body,
      );
      return sendIdempotent(reply, created, refund);
    },
  );

  r.get(
    '/merchant/refunds/:refund_uuid',
    {
      config: { auth: 'merchant' },
      schema: {
        tags: ['merchant'],
        summary: 'A refund and its returns',
        params: refundIdParamsSchema,
        response: { 200: merchantRefundSchema, ...errors },
      },
    },
    async (request) => refunds.load(request.merchant.id, request.params.refund_uuid),
  );

  r.post(
    '/merchant/refunds/:refund_uuid/returns/:return_uuid/label-scanned',
    {
      config: { auth: 'merchant' },
      schema: {
        tags: ['merchant'],
        summary: 'The shipping label was scanned: a return awaiting pick-up becomes available',
        params: returnIdParamsSchema,
        response: { 200: merchantRefundSchema, ...errors },
      },
    },
    async (request) => {
      const { merchant } = request;
      return refunds.labelScanned(merchant, request.params.refund_uuid, request.params.return_uuid);
    },
  );

  r.post(
    '/merchant/refunds/:refund_uuid/returns/:return_uuid/fraud-check',
    {
      config: { auth: 'merchant' },
      schema: {
        tags: ['merchant'],
        summary:
          'The fraud check passed (the hold is released) or failed (the held part goes back)',
        params: returnIdParamsSchema,
        body: fraudCheckRequestSchema,
        response: { 200: merchantRefundSchema, ...errors },
      },
    },
    async (request) => {
      const { merchant } = request;
      return refunds.fraudCheck(
        merchant,
        request.params.refund_uuid,
        request.params.return_uuid,
        request.body.result,
      );
    },
  );

  r.post(
    '/merchant/refunds/:refund_uuid/cancel',
    {
      config: { auth: 'merchant' },
      schema: {
        tags: ['merchant'],
        summary: 'Cancel an unclaimed refund; its link stops working',
        params: refundIdParamsSchema,
        response: { 200: merchantRefundSchema, ...errors },
      },
    },
    async (request) => refunds.cancel(request.merchant, request.params.refund_uuid),
  );
};
