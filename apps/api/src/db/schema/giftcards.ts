import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
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
 * The gift card brand catalog, synced from the issuer's (features/giftcards/catalog-sync.ts).
 * The issuer's fields are overwritten by every sync; the product's own (whether a brand is
 * offered, its place among the featured, the cashback paid) come from configuration at each
 * sync. A brand the issuer stops listing is kept (orders name it) but no longer listed.
 */
export const giftcardBrands = pgTable(
  'giftcard_brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerBrandId: text('provider_brand_id').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    description: text('description').notNull(),
    terms: text('terms').notNull(),
    categories: text('categories').array().notNull(),
    denominationType: text('denomination_type', { enum: ['open', 'fixed'] }).notNull(),
    minCents: integer('min_cents'),
    maxCents: integer('max_cents'),
    wholeDollars: boolean('whole_dollars').notNull().default(false),
    fixedCents: integer('fixed_cents').array(),
    /** What the issuer charges below face value, in basis points: the product's margin. */
    discountBps: integer('discount_bps').notNull(),
    /** The part of it paid to the customer as cashback, in basis points of the amount. */
    cashbackBps: integer('cashback_bps').notNull(),
    redeemableOnline: boolean('redeemable_online').notNull(),
    redeemableInStore: boolean('redeemable_in_store').notNull(),
    /** The expiry in English words, as `expiryType` and `expiryMonths` say it. */
    expiryPolicy: text('expiry_policy').notNull(),
    /** How long the cards last (contracts' BrandExpiry): never, months after issue, per card. */
    expiryType: text('expiry_type', { enum: ['never', 'after_issue', 'with_card'] })
      .notNull()
      .default('with_card'),
    expiryMonths: integer('expiry_months'),
    balanceCheckUrl: text('balance_check_url'),
    state: text('state', { enum: ['live', 'temporarily_unavailable'] }).notNull(),
    /** How the card art is drawn (providers/ports.ts BrandArtwork). */
    artwork: jsonb('artwork').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Place among the featured brands, from 1; null when not featured. */
    featuredRank: integer('featured_rank'),
    isListed: boolean('is_listed').notNull().default(true),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('giftcard_brands_provider_brand_id_key').on(t.providerBrandId),
    check(
      'giftcard_brands_denominations',
      sql`(${t.denominationType} = 'open' and ${t.minCents} > 0 and ${t.maxCents} >= ${t.minCents})
        or (${t.denominationType} = 'fixed' and cardinality(${t.fixedCents}) > 0)`,
    ),
    check(
      'giftcard_brands_cashback_within_discount',
      sql`${t.cashbackBps} >= 0 and ${t.cashbackBps} <= ${t.discountBps}`,
    ),
    check(
      'giftcard_brands_expiry',
      sql`(${t.expiryType} = 'after_issue' and ${t.expiryMonths} > 0)
        or (${t.expiryType} in ('never', 'with_card') and ${t.expiryMonths} is null)`,
    ),
  ],
);

/**
 * A price-locked gift card quote: the brand, the amount and the cashback for one customer, held
 * until it expires; the purchase made with it pays this cashback whatever the offer is then.
 */
export const giftcardQuotes = pgTable(
  'giftcard_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => giftcardBrands.id),
    amountCents: integer('amount_cents').notNull(),
    cashbackBps: integer('cashback_bps').notNull(),
    cashbackCents: integer('cashback_cents').notNull(),
    /** The brand's earn-rewards reward, locked with the quote; 0 without an offer. */
    rewardBps: integer('reward_bps').notNull().default(0),
    rewardCents: integer('reward_cents').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The quotes a customer asked for lately (the per-customer limit) and stale ones (clean-up).
    index('giftcard_quotes_user_created_idx').on(t.userId, t.createdAt),
    check('giftcard_quotes_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'giftcard_quotes_cashback_within_amount',
      sql`${t.cashbackCents} >= 0 and ${t.cashbackCents} <= ${t.amountCents}`,
    ),
    check(
      'giftcard_quotes_reward_within_amount',
      sql`${t.rewardCents} >= 0 and ${t.rewardCents} <= ${t.amountCents}`,
    ),
  ],
);

/**
 * A gift card purchase: the payout record of a `giftcard` redemption. It names the quote it was
 * bought with (one purchase per quote), the brand and what the quote promised; the issuer's order
 * id and the card's credentials, sealed, once it is issued.
 */
export const giftcardOrders = pgTable(
  'giftcard_orders',
  {
    redemptionId: uuid('redemption_id')
      .primaryKey()
      .references(() => redemptions.id),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => giftcardQuotes.id),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => giftcardBrands.id),
    providerBrandId: text('provider_brand_id').notNull(),
    cashbackCents: integer('cashback_cents').notNull(),
    /** The brand's earn-rewards reward (the quote's), credited when the card is issued. */
    rewardCents: integer('reward_cents').notNull().default(0),
    /** The issuer's discount on this order, as the catalog had it when it was placed. */
    discountBps: integer('discount_bps').notNull(),
    /** The public reference the customer's gift card wallet shows and links by. */
    rewardReferenceId: text('reward_reference_id').notNull(),
    status: text('status', { enum: ['processing', 'issued', 'failed'] })
      .notNull()
      .default('processing'),
    issuerOrderId: text('issuer_order_id'),
    /** The code, PIN, URL, barcode and expiry, sealed under the vault key. */
    sealedCredentials: text('sealed_credentials'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** When the customer marked the card used; archived cards are listed apart. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** When the link to the card was last texted to the customer ("view later"). */
    viewLaterSentAt: timestamp('view_later_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('giftcard_orders_quote_key').on(t.quoteId),
    uniqueIndex('giftcard_orders_reward_reference_key').on(t.rewardReferenceId),
  ],
);

/**
 * The devices a gift card's credentials were opened on, each after a passcode: by a hash of the
 * card and the device's id, so the id itself is not kept.
 */
export const giftcardCredentialOpenings = pgTable(
  'giftcard_credential_openings',
  {
    redemptionId: uuid('redemption_id')
      .notNull()
      .references(() => giftcardOrders.redemptionId),
    deviceHash: text('device_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('giftcard_credential_openings_key').on(t.redemptionId, t.deviceHash)],
);
