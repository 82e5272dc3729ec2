import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@refund/contracts/errors';
import {
  listQuerySchema,
  webhookDeliveryListSchema,
  webhookEndpointRequestSchema,
  webhookEndpointSchema,
} from '@refund/contracts/merchant';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { isPrivateWebhookUrl } from './webhook-address-policy';
import { listWebhookDeliveries } from './webhook-delivery-log';
import { getWebhookEndpoint, setWebhookEndpoint } from './webhook-endpoint';

export interface WebhookRoutesOptions {
  db: Db;
  /** Sandbox only: a merchant developing locally may receive webhooks on localhost. */
  allowPrivateWebhookUrls: boolean;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema };

const signingHowTo = [
  'Each event is POSTed as JSON with the headers `refund-event-id` (the same on every retry:',
  'use it to ignore an event you already handled) and `refund-signature: t=<unix seconds>,v1=<hex>`.',
  'To verify, compute HMAC-SHA256 with the signing secret over `<t>.<raw request body>` and',
  'compare it in constant time with each v1 value; refuse a t more than 5 minutes from now.',
  'Answer any 2xx within 10 seconds; anything else is retried with backoff, up to 8 times.',
  'Setting the endpoint again issues a new secret, which is how a secret is rotated.',
].join(' ');

export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/merchant/webhook-endpoint',
    {
      config: { auth: 'merchant' },
      schema: {
        tags: ['merchant webhooks'],
        summary: 'Set the URL that receives webhooks; answers a new signing secret, shown once',
        description: signingHowTo,
        body: webhookEndpointRequestSchema,
        response: { 200: webhookEndpointSchema, ...errors },
      },
    },
    async (request) => {
      const { merchant } = request;
      const url = new URL(request.body.url);
      if (!options.allowPrivateWebhookUrls && isPrivateWebhookUrl(url)) {
        throw new AppError(
          'WEBHOOK_URL_NOT_ALLOWED',
          'The webhook URL must be a public address, not a private, loopback or local one.',
        );
      }
      const endpoint = await setWebhookEndpoint(options.db, merchant.id, url.href);
      return { url: endpoint.url, signing_secret: endpoint.signingSecret };
    },
  );

  r.get(
    '/merchant/webhook-endpoint',
    {
      config: { auth: 'merchant' },
      schema: {
        tags: ['merchant webhooks'],
        summary: 'The URL that receives webhooks (the signing secret is only shown when it is set)',
        response: { 200: webhookEndpointSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const { merchant } = request;
      const endpoint = await getWebhookEndpoint(options.db, merchant.id);
      return { url: endpoint.url, signing_secret: null };
    },
  );

  r.get(
    '/merchant/webhook-deliveries',
    {
      config: { auth: 'merchant' },
      schema: {
        tags: ['merchant webhooks'],
        summary: 'Every webhook delivery attempt, newest first, a page at a time',
        querystring: listQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (request) => {
      const { merchant } = request;
      return listWebhookDeliveries(options.db, merchant.id, request.query);
    },
  );
};
