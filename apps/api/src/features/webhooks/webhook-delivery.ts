import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { merchants, webhookDeliveries, webhookEvents } from '../../db/schema';
import type { Job, JobQueue } from '../../jobs/job-queue';
import { privateAddressProblem } from './webhook-address-policy';
import { DELIVER_WEBHOOK_QUEUE } from './webhook-events';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhook } from './webhook-signature';

export interface DeliverWebhookJob {
  eventId: string;
}

export interface WebhookJobOptions {
  db: Db;
  logger: FastifyBaseLogger;
  fetchImpl?: typeof fetch;
  /** How long a merchant's endpoint may take to answer; default 10 s. */
  timeoutMs?: number;
  /** Sandbox only: lets a merchant receive webhooks on localhost while developing. */
  allowPrivateUrls?: boolean;
}

/**
 * Eight retries with doubling delays from 5 s spread the attempts over roughly half an hour to
 * an hour, long enough to ride out a merchant's deploy or short outage.
 */
export const WEBHOOK_RETRY_POLICY = { retryLimit: 8, retryDelay: 5, retryBackoff: true };

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_ERROR_LENGTH = 200;

interface Outcome {
  delivered: boolean;
  responseStatus: number | null;
  error: string | null;
}

export async function registerWebhookJobs(
  jobs: Pick<JobQueue, 'work'>,
  options: WebhookJobOptions,
): Promise<void> {
  await jobs.work<DeliverWebhookJob>(
    DELIVER_WEBHOOK_QUEUE,
    WEBHOOK_RETRY_POLICY,
    createWebhookDeliveryHandler(options),
  );
}

/**
 * Delivers one event, once per job attempt. Every attempt is logged for the merchant; a failed
 * one throws so the queue retries it later, and the last failure marks the event failed.
 */
export function createWebhookDeliveryHandler(options: WebhookJobOptions) {
  const { db, logger } = options;
  const post = createPoster(options);

  return async function deliverWebhook(job: Job<DeliverWebhookJob>): Promise<void> {
    const { eventId } = job.data;
    const [target] = await db
      .select({
        merchantId: webhookEvents.merchantId,
        payload: webhookEvents.payload,
        status: webhookEvents.status,
        url: merchants.webhookUrl,
        secret: merchants.webhookSecret,
      })
      .from(webhookEvents)
      .innerJoin(merchants, eq(merchants.id, webhookEvents.merchantId))
      .where(eq(webhookEvents.id, eventId));
    if (!target) {
      logger.warn({ eventId }, 'webhook event not found');
      return;
    }
    // A repeated job for an event already delivered must not reach the merchant twice.
    if (target.status === 'delivered') return;
    if (!target.url || !target.secret) {
      logger.info({ eventId }, 'no webhook endpoint set; the event stays pending');
      return;
    }

    const attempt = job.retryCount + 1;
    const outcome = await post(eventId, target.url, target.secret, JSON.stringify(target.payload));
    const isLastAttempt = job.retryCount >= job.retryLimit;
    await db.transaction(async (tx) => {
      await tx.insert(webhookDeliveries).values({
        eventId,
        merchantId: target.merchantId,
        attempt,
        status: outcome.delivered ? 'delivered' : 'failed',
        responseStatus: outcome.responseStatus,
        error: outcome.error,
      });
      if (outcome.delivered || isLastAttempt) {
        await tx
          .update(webhookEvents)
          .set({ status: outcome.delivered ? 'delivered' : 'failed' })
          .where(and(eq(webhookEvents.id, eventId), ne(webhookEvents.status, 'delivered')));
      }
    });
    logger.info(
      { eventId, attempt, delivered: outcome.delivered, responseStatus: outcome.responseStatus },
      'webhook delivery attempted',
    );
    if (!outcome.delivered) {
      throw new Error(`webhook attempt ${attempt} failed: ${outcome.error ?? 'unknown error'}`);
    }
  };
}

function createPoster(options: WebhookJobOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return async function post(
    eventId: string,
    url: string,
    secret: string,
    body: string,
  ): Promise<Outcome> {
    try {
      if (!options.allowPrivateUrls) {
        const problem = await privateAddressProblem(new URL(url));
        if (problem) return { delivered: false, responseStatus: null, error: problem };
      }
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [EVENT_ID_HEADER]: eventId,
          [SIGNATURE_HEADER]: signWebhook(secret, body),
        },
        body,
        // A redirect would send the signed event somewhere the merchant did not register.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Only the status matters; the merchant's body is neither read nor kept.
      await response.body?.cancel().catch(() => undefined);
      const delivered = response.status >= 200 && response.status < 300;
      return {
        delivered,
        responseStatus: response.status,
        error: delivered ? null : `endpoint answered HTTP ${response.status}`,
      };
    } catch (error) {
      return { delivered: false, responseStatus: null, error: describeFailure(error, timeoutMs) };
    }
  };
}

/** A short reason a merchant can act on; it never includes the request or its signature. */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return 'request failed';
  if (error.name === 'TimeoutError' || error.name === 'AbortError') {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause: unknown = error.cause;
  const code =
    cause instanceof Error && 'code' in cause && typeof cause.code === 'string' ? cause.code : null;
  if (code) return `could not connect (${code})`;
  const reason =
    'code' in error && typeof error.code === 'string' ? error.code : error.message || 'failed';
  return `request failed: ${reason}`.slice(0, MAX_ERROR_LENGTH);
}
