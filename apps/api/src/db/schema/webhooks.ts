import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchants } from './merchants';

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    /** One event per refund and type, however often the cause is repeated. */
    dedupeKey: text('dedupe_key').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_events_dedupe_key').on(t.dedupeKey)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    merchantId: uuid('merchant_id').notNull(),
    attempt: integer('attempt').notNull(),
    status: text('status', { enum: ['delivered', 'failed'] }).notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_merchant_idx').on(t.merchantId, t.createdAt, t.id)],
);
