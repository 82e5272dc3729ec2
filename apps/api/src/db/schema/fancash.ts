import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './auth';
import { redemptions } from './payouts';

/**
 * A customer's account at the sports merchant's FanCash program, linked once through the
 * merchant's sign-in: the merchant's id for the fan (one customer's only) and its name. No token
 * of the merchant's is kept.
 */
export const fancashLinks = pgTable(
  'fancash_links',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    /** Our id for this link (a new one when the customer links another fan): a destination. */
    id: uuid('id').notNull().defaultRandom(),
    fanId: text('fan_id').notNull(),
    displayName: text('display_name').notNull(),
    linkedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fancash_links_fan_key').on(t.fanId),
    uniqueIndex('fancash_links_id_key').on(t.id),
  ],
);

/**
 * A link being made: the state sent to the merchant's sign-in, kept as a hash, bound to the
 * customer who started it, usable once and for ten minutes.
 */
export const fancashLinkAttempts = pgTable(
  'fancash_link_attempts',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('fancash_link_attempts_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A FanCash credit: the `fancash` redemption's payout record. The fan is copied from the link as
 * it was when the redemption was recorded, so unlinking or linking another fan afterwards never
 * sends the money elsewhere. `pending` until the merchant posts it or refuses it.
 */
export const fancashCredits = pgTable(
  'fancash_credits',
  {
    redemptionId: uuid('redemption_id')
      .primaryKey()
      .references(() => redemptions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The link it was made through (ours; the link row may be gone since). */
    linkId: uuid('link_id').notNull(),
    fanId: text('fan_id').notNull(),
    displayName: text('display_name').notNull(),
    /** What the fan receives: the redemption's amount less its fee. */
    creditCents: integer('credit_cents').notNull(),
    status: text('status', { enum: ['pending', 'credited', 'failed'] })
      .notNull()
      .default('pending'),
    /** The merchant's id for the credit, once posted. */
    creditId: text('credit_id'),
    failureReason: text('failure_reason'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('fancash_credits_user_created_idx').on(t.userId, t.createdAt, t.redemptionId),
    check('fancash_credits_positive', sql`${t.creditCents} > 0`),
  ],
);
