import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './auth';
import { redemptions } from './payouts';

/**
 * A customer as the prepaid card issuer knows them: one cardholder per customer, created from the
 * profile's name, e-mail, phone and primary address the first time they redeem to a prepaid card.
 * Its id is the `prepaid` redemption method's destination.
 */
export const prepaidCardholders = pgTable(
  'prepaid_cardholders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    issuerCardholderId: text('issuer_cardholder_id').notNull(),
    /** The name and billing address the cards are issued to, as sent to the issuer. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    line1: text('line_1').notNull(),
    line2: text('line_2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipcode: text('zipcode').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('prepaid_cardholders_user_key').on(t.userId)],
);

/**
 * A prepaid Visa card: the payout record of a `prepaid` redemption. The issuer's card id, last
 * four digits, expiry and status once issued, and the balance last read from the issuer; never
 * the number or CVC, which are read from the issuer when the owner asks and passed through.
 */
export const prepaidCards = pgTable(
  'prepaid_cards',
  {
    redemptionId: uuid('redemption_id')
      .primaryKey()
      .references(() => redemptions.id),
    cardholderId: uuid('cardholder_id')
      .notNull()
      .references(() => prepaidCardholders.id),
    /** The redemption's owner, kept here for the owner's keyset list. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** What is loaded on the card: the redemption's amount less its fee. */
    loadedCents: integer('loaded_cents').notNull(),
    status: text('status', {
      enum: ['processing', 'inactive', 'active', 'canceled', 'failed'],
    })
      .notNull()
      .default('processing'),
    issuerCardId: text('issuer_card_id'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    balanceCents: integer('balance_cents'),
    balanceUpdatedAt: timestamp('balance_updated_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('prepaid_cards_user_created_idx').on(t.userId, t.createdAt, t.redemptionId),
    uniqueIndex('prepaid_cards_issuer_card_key').on(t.issuerCardId),
  ],
);
