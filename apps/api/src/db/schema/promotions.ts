import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './auth';

/**
 * A customer's claim of a sponsored promotion (the free play): once per customer and, when the
 * claim came with a device identifier, once per device. The device identifier is kept only as a
 * hash. `idempotency_key` answers a retried claim with the first one.
 */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promotion: text('promotion', { enum: ['free_play'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    deviceHash: text('device_hash'),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    sponsor: text('sponsor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_claims_user_key').on(t.promotion, t.userId),
    uniqueIndex('promotion_claims_device_key').on(t.promotion, t.deviceHash),
    check('promotion_claims_positive', sql`${t.amountCents} > 0`),
  ],
);
