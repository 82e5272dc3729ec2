import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { files } from './files';
import { merchants } from './merchants';

/**
 * A merchant's promotion shown to customers on the spotlight page (SPEC §2, §3): its image and
 * logo are the merchant's own uploads; it is live from `starts_at` until `ends_at`, if any.
 */
export const spotlights = pgTable(
  'spotlights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    imageFileKey: uuid('image_file_key')
      .notNull()
      .references(() => files.key),
    logoFileKey: uuid('logo_file_key').references(() => files.key),
    buttonUrl: text('button_url'),
    buttonText: text('button_text'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('spotlights_merchant_idempotency_key').on(t.merchantId, t.idempotencyKey),
    // The merchant's list, newest first.
    index('spotlights_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    // The live one customers see: the latest started that has not ended.
    index('spotlights_starts_idx').on(t.startsAt, t.createdAt, t.id),
    check('spotlights_button_whole', sql`(${t.buttonUrl} is null) = (${t.buttonText} is null)`),
    check('spotlights_ends_after_start', sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
  ],
);
