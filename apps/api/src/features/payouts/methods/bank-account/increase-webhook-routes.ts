import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@refund/contracts/errors';
import { AppError } from '../../../../http/app-error';
import type { JobQueue } from '../../../../jobs/job-queue';
import {
  INCREASE_SIGNATURE_HEADER,
  increaseEventSchema,
  verifyIncreaseWebhookSignature,
} from '../../../../providers/increase-webhook-signature';
import { INCREASE_EVENT_QUEUE, type IncreaseEventJob } from './increase-events';

export interface IncreaseWebhookRoutesOptions {
  /** The Event Subscription's shared secret. */
  secret: string;
  jobs: Pick<JobQueue, 'send'>;
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Increase's webhooks (Event Subscriptions). The signature is checked over the exact bytes
 * received, so this scope reads JSON bodies raw. An event about an ACH transfer is queued and
 * answered at once; the job reads the transfer back from Increase and applies its state.
 */
export const increaseWebhookRoutes: FastifyPluginAsync<IncreaseWebhookRoutesOptions> = async (
  app,
  options,
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/webhooks/increase',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['provider webhooks'],
        summary: "Increase's events (ACH transfers); signed with Increase-Webhook-Signature",
        headers: z.object({ [INCREASE_SIGNATURE_HEADER]: z.string().optional() }),
        response: { 204: z.null(), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers[INCREASE_SIGNATURE_HEADER];
      if (!verifyIncreaseWebhookSignature(options.secret, header, raw)) {
        throw new AppError('UNAUTHORIZED', 'The webhook signature is not valid.');
      }
      const event = increaseEventSchema.safeParse(parseJson(raw));
      if (!event.success) {
        throw new AppError('VALIDATION_FAILED', 'The body is not an Increase event.');
      }
      const { id, associated_object_type: objectType, associated_object_id: objectId } = event.data;
      if (objectType === 'ach_transfer') {
        // The job is this request's only write, so there is no transaction to share (ADR 0013);
        // until it is stored the answer is not 204, and Increase sends the event again.
        await options.jobs.send<IncreaseEventJob>(INCREASE_EVENT_QUEUE, {
          eventId: id,
          transferId: objectId,
        });
      }
      return reply.status(204).send(null);
    },
  );
};
