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
 * Records an event in the caller's transaction (an outbox: it exists exactly when the change
 * that caused it committed). Answers the new event's id, or null when it was already recorded.
 * After commit, hand the id to `enqueueWebhookDelivery`.
 */
export async function recordWebhookEvent(tx: Tx, input: WebhookEventInput): Promise<string | null> {
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
  return row?.id ?? null;
}

export async function enqueueWebhookDelivery(
  jobs: Pick<JobQueue, 'send'>,
  eventIds: readonly (string | null)[],
): Promise<void> {
  for (const eventId of eventIds) {
    if (eventId) await jobs.send(DELIVER_WEBHOOK_QUEUE, { eventId });
  }
}
