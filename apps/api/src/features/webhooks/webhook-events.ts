import type { WebhookEventType } from '@refund/contracts/merchant';
import type { Tx } from '../../db/database';
import { webhookEvents } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';

export const DELIVER_WEBHOOK_QUEUE = 'deliver-webhook';

export interface WebhookEventInput {
  merchantId: string;
  type: WebhookEventType;
  /** One event per key however often its cause repeats, e.g. `${refundId}:refund.claimed`. */
  dedupeKey: string;
  data: Record<string, unknown>;
}

/**
 * Records an event and queues its delivery in the caller's transaction (an outbox: both exist
 * exactly when the change that caused them committed, ADR 0013). Answers the new event's id, or
 * null when it was already recorded (its delivery was queued then).
 */
export async function recordWebhookEvent(
  tx: Tx,
  jobs: Pick<JobQueue, 'sendIn'>,
  input: WebhookEventInput,
): Promise<string | null> {
  const id = crypto.randomUUID();
  const payload = { id, type: input.type, created_at: new Date().toISOString(), data: input.data };
  const [row] = await tx
    .insert(webhookEvents)
    .values({
      id,
      merchantId: input.merchantId,
      type: input.type,
      payload,
      dedupeKey: input.dedupeKey,
    })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (!row) return null;
  await queueWebhookDelivery(tx, jobs, row.id);
  return row.id;
}

/** Queues one delivery of a recorded event in the caller's transaction; repeats are harmless. */
export async function queueWebhookDelivery(
  tx: Tx,
  jobs: Pick<JobQueue, 'sendIn'>,
  eventId: string,
): Promise<void> {
  await jobs.sendIn(tx, DELIVER_WEBHOOK_QUEUE, { eventId });
}
