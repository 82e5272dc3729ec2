import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The request limits every instance of the API holds together (http/shared-rate-limit.ts): one
 * row per limited key (a route and a caller's address), counting the requests of its current
 * window. A window that has run out counts from 1 again at the next request; rows whose window
 * ran out are swept now and then.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  windowMs: integer('window_ms').notNull(),
  hits: integer('hits').notNull(),
});
