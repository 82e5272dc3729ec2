import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { WebhookEventType } from '@refund/contracts/merchant';
import type { Queryable } from '../../db/database';
import { webhookDeliveries, webhookEvents } from '../../db/schema';
import { AppError } from '../../http/app-error';

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

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A real calendar time (no 31 February, which the database would reject with an error). */
const isExactTime = (at: string): boolean => {
  if (!CURSOR_TIME.test(at)) return false;
  const date = new Date(at);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === at.slice(0, 19);
};

const encodeCursor = (at: string, id: string): string =>
  Buffer.from(JSON.stringify([at, id])).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [at, id] = parsed as unknown[];
      if (typeof at === 'string' && isExactTime(at) && typeof id === 'string' && UUID.test(id)) {
        return { at, id };
      }
    }
  } catch {
    // Falls through to the same answer as a well-formed cursor we never issued.
  }
  throw new AppError('VALIDATION_FAILED', 'cursor: not a cursor this API gave out');
}

/** The merchant's delivery attempts, newest first, a keyset page at a time. */
export async function listWebhookDeliveries(
  db: Queryable,
  merchantId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<WebhookDeliveryPage> {
  const conditions: SQL[] = [eq(webhookDeliveries.merchantId, merchantId)];
  if (page.cursor) {
    const after = decodeCursor(page.cursor);
    conditions.push(
      sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  }
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
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit + 1);

  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
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
    next_cursor: rows.length > page.limit && last ? encodeCursor(last.at, last.id) : null,
  };
}
