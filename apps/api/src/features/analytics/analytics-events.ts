import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { StoredAnalyticsEvent } from '@refund/contracts/analytics';
import type { AnalyticsProperties } from '@refund/contracts/analytics';
import type { Queryable } from '../../db/database';
import { analyticsEvents } from '../../db/schema';
import { decodeExactCursor, encodeExactCursor } from '../../http/cursor';
import { keysetPage, olderThan, pageLimit } from '../../db/keyset';

export interface WebEvent {
  type: 'identify' | 'track' | 'page';
  name?: string | null | undefined;
  anonymous_id: string;
  properties: AnalyticsProperties;
  occurred_at: string;
}

/**
 * Stores a batch from the browser in one statement. `userId` is the signed-in customer of the
 * request (from the access token), or null. Each row's created_at is the statement's time plus
 * its place in the batch in microseconds, so reading newest first keeps the order they came in.
 */
export async function recordWebEvents(
  db: Queryable,
  events: readonly WebEvent[],
  userId: string | null,
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(analyticsEvents).values(
    events.map((event, index) => ({
      type: event.type,
      name: event.name ?? null,
      anonymousId: event.anonymous_id,
      userId,
      properties: event.properties,
      source: 'web' as const,
      occurredAt: new Date(event.occurred_at),
      createdAt: sql`now() + (${index}::int * interval '1 microsecond')`,
    })),
  );
}

const exactCreatedAt = sql<string>`to_char(${analyticsEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One browser's or one customer's events, newest first, a keyset page at a time. */
export async function listAnalyticsEvents(
  db: Queryable,
  whose: { anonymousId: string } | { userId: string },
  page: { cursor?: string | undefined; limit: number },
): Promise<{ data: StoredAnalyticsEvent[]; next_cursor: string | null }> {
  const conditions: (SQL | undefined)[] = [
    'anonymousId' in whose
      ? eq(analyticsEvents.anonymousId, whose.anonymousId)
      : eq(analyticsEvents.userId, whose.userId),
    olderThan(
      analyticsEvents.createdAt,
      analyticsEvents.id,
      page.cursor ? decodeExactCursor(page.cursor) : null,
    ),
  ];
  const rows = await db
    .select({
      id: analyticsEvents.id,
      at: exactCreatedAt,
      type: analyticsEvents.type,
      name: analyticsEvents.name,
      anonymousId: analyticsEvents.anonymousId,
      userId: analyticsEvents.userId,
      properties: analyticsEvents.properties,
      source: analyticsEvents.source,
      occurredAt: analyticsEvents.occurredAt,
    })
    .from(analyticsEvents)
    .where(and(...conditions))
    .orderBy(desc(analyticsEvents.createdAt), desc(analyticsEvents.id))
    .limit(pageLimit(page.limit));
  const { page: shown, next_cursor } = keysetPage(rows, page.limit, (last) =>
    encodeExactCursor(last.at, last.id),
  );
  return {
    data: shown.map((row) => ({
      id: row.id,
      type: row.type,
      name: row.name,
      anonymous_id: row.anonymousId,
      user_id: row.userId,
      properties: row.properties,
      source: row.source,
      occurred_at: row.occurredAt.toISOString(),
      created_at: row.at,
    })),
    next_cursor,
  };
}
