import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Analytics events kept by the first-party endpoint when no analytics vendor is configured, so
 * a person can read them in the sandbox. `anonymous_id` is the browser's analytics id.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['identify', 'track', 'page'] }).notNull(),
    /** The event name for track, the path for page; null for identify. */
    name: text('name'),
    anonymousId: text('anonymous_id').notNull(),
    userId: uuid('user_id'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    source: text('source', { enum: ['web', 'server'] }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  // The two lists the sandbox reads (one browser's, one customer's events). Nothing reads the
  // events by time alone, so no index pays for itself on every event written for that.
  (t) => [
    index('analytics_events_anonymous_idx').on(t.anonymousId, t.createdAt, t.id),
    index('analytics_events_user_idx').on(t.userId, t.createdAt, t.id),
  ],
);
