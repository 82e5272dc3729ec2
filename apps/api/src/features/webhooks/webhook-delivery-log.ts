import { and, desc, eq, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@refund/contracts/merchant';
import type { Queryable } from '../../db/database';
import { webhookDeliveries, webhookEvents } from '../../db/schema';
import { decodeExactCursor, encodeExactCursor } from '../../http/cursor';
import { keysetPage, olderThan, pageLimit } from '../../db/keyset';

export interface WebhookDeliveryView {
  event_id: string;
  event_type: WebhookEventType;
  attempt: number;
  status: 'delivered' | 'failed';
  response_status: number | null;
  error: string | null;
  created_at: string;
}

export interface WebhookDeliveryPage {
  data: WebhookDeliveryView[];
  next_cursor: string | null;
}

/**
 * The cursor keeps created_at at the database's microsecond precision: a JavaScript Date would
 * round it to milliseconds, and rows inside the same millisecond would then be skipped.
 */
const exactCreatedAt = sql<string>`to_char(${webhookDeliveries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The merchant's delivery attempts, newest first, a keyset page at a time. */
export async function listWebhookDeliveries(
  db: Queryable,
  merchantId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<WebhookDeliveryPage> {
  const after = page.cursor ? decodeExactCursor(page.cursor) : null;
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      at: exactCreatedAt,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      attempt: webhookDeliveries.attempt,
      status: webhookDeliveries.status,
      responseStatus: webhookDeliveries.responseStatus,
      error: webhookDeliveries.error,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.merchantId, merchantId),
        olderThan(webhookDeliveries.createdAt, webhookDeliveries.id, after),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(pageLimit(page.limit));

  const { page: shown, next_cursor } = keysetPage(rows, page.limit, (last) =>
    encodeExactCursor(last.at, last.id),
  );
  return {
    data: shown.map((row) => ({
      event_id: row.eventId,
      // Events are only ever recorded with a known type (recordWebhookEvent takes the enum).
      event_type: row.eventType as WebhookEventType,
      attempt: row.attempt,
      status: row.status,
      response_status: row.responseStatus,
      error: row.error,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor,
  };
}
