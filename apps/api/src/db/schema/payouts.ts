import { redemptionModes } from '@refund/contracts/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { cards } from './cards';

/**
 * Money leaving the wallet by one redemption method, and its fate. Where it went is the method's
 * own payout record beside it (card_payouts, bank_payouts).
 */
export const redemptions = pgTable(
  'redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    // The modes come from the contracts, the one list of them (a text column: no migration).
    mode: text('mode', { enum: redemptionModes }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'returned'] })
      .notNull()
      .default('pending'),
    /** The provider's reference for the payout (card network, ACH provider). */
    networkReference: text('network_reference'),
    failureReason: text('failure_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** How the customer rated the redemption afterwards (1 to 5 stars); the latest one counts. */
    rating: integer('rating'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('redemptions_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('redemptions_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The gift card wallet's pages (gift cards and earn-rewards cards), apart from the customer's
    // other redemptions.
    index('redemptions_user_gift_cards_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.mode} IN ('giftcard', 'earn_rewards')`),
    // Card pushes still waiting for an answer: what the lookup job scans.
    index('redemptions_pending_debit_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' AND ${t.mode} = 'debit'`),
    check('redemptions_amount_positive', sql`${t.amountCents} > 0`),
    check('redemptions_fee_range', sql`${t.feeCents} >= 0 AND ${t.feeCents} < ${t.amountCents}`),
    check('redemptions_rating_range', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** The debit card a card redemption pays; written with the redemption, in its transaction. */
export const cardPayouts = pgTable(
  'card_payouts',
  {
    redemptionId: uuid('redemption_id')
      .primaryKey()
      .references(() => redemptions.id),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    /**
     * The process (its database instance id, ADR 0012) pushing this payout, from the moment it
     * is recorded; cleared when the push got no answer and the lookup job takes over. A payout
     * still pending whose holder is gone is taken up again; once the payout is answered the
     * holder no longer matters.
     */
    pushHolder: integer('push_holder'),
    createdAt: createdAt(),
  },
  // No index of its own but the key: pushes in flight are found through the pending debit
  // redemptions (a small set, indexed on redemptions), so recording and settling a payout
  // maintain no further index.
);

/**
 * Card pushes whose answer never came (timeout, outage), being asked about at the provider. One
 * row per payout: how often it was asked, when to ask next (with backoff), what it said last.
 */
export const cardPushChecks = pgTable('card_push_checks', {
  redemptionId: uuid('redemption_id')
    .primaryKey()
    .references(() => redemptions.id),
  attempts: integer('attempts').notNull().default(0),
  nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
  lastResult: text('last_result', {
    enum: ['succeeded', 'declined', 'not_found', 'pending', 'error'],
  }),
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** What the sandbox card network did with each push, so it can answer a lookup later. */
export const sandboxCardPushes = pgTable('sandbox_card_pushes', {
  reference: text('reference').primaryKey(),
  outcome: text('outcome', { enum: ['succeeded', 'declined', 'pending'] }).notNull(),
  networkReference: text('network_reference'),
  reason: text('reason'),
  lookups: integer('lookups').notNull().default(0),
  createdAt: createdAt(),
});

/** Every provider event applied to a payout, once: a repeated callback finds its row here. */
export const payoutEvents = pgTable('payout_events', {
  eventId: text('event_id').primaryKey(),
  redemptionId: uuid('redemption_id')
    .notNull()
    .references(() => redemptions.id),
  type: text('type', { enum: ['succeeded', 'failed', 'returned'] }).notNull(),
  createdAt: createdAt(),
});
