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
import { files } from './files';
import { merchants } from './merchants';

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    customerFirstName: text('customer_first_name').notNull(),
    customerLastName: text('customer_last_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    orderNumber: text('order_number').notNull(),
    description: text('description').notNull(),
    fileId: text('file_id'),
    splashFileKey: uuid('splash_file_key').references(() => files.key),
    logoFileKey: uuid('logo_file_key').references(() => files.key),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'claimed', 'original_method', 'cancelled'] })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedByUserId: uuid('claimed_by_user_id').references(() => users.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The customer who chose the original payment method instead, and when (ADR 0011). */
    originalMethodUserId: uuid('original_method_user_id').references(() => users.id),
    originalMethodAt: timestamp('original_method_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_merchant_idempotency_key').on(t.merchantId, t.idempotencyKey),
    index('refunds_claimed_by_idx').on(t.claimedByUserId, t.claimedAt, t.id),
    index('refunds_original_method_by_idx').on(t.originalMethodUserId, t.originalMethodAt, t.id),
    // The customer's history: refunds they took either way, newest first, one keyset range.
    index('refunds_taken_by_idx').on(
      sql`coalesce(${t.claimedByUserId}, ${t.originalMethodUserId})`,
      sql`coalesce(${t.claimedAt}, ${t.originalMethodAt})`,
      t.id,
    ),
    // Open refunds by contact, for a customer's unclaimed refunds at home.
    index('refunds_pending_phone_idx')
      .on(t.customerPhone)
      .where(sql`${t.status} = 'pending'`),
    index('refunds_pending_email_idx')
      .on(t.customerEmail)
      .where(sql`${t.status} = 'pending'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    // Claimed into the wallet or sent back to the original method: never both.
    check(
      'refunds_taken_once',
      sql`${t.claimedByUserId} IS NULL OR ${t.originalMethodUserId} IS NULL`,
    ),
  ],
);

export const refundReturns = pgTable(
  'refund_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id),
    position: integer('position').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    state: text('state', {
      enum: ['available', 'awaiting_pickup', 'awaiting_fraud_check', 'reversed'],
    }).notNull(),
    /** Cents not yet available to the customer while the return waits. */
    holdCents: bigint('hold_cents', { mode: 'number' }).notNull().default(0),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refund_returns_refund_idx').on(t.refundId, t.position),
    // Fraud holds still waiting, by deadline: the balance looks for lapsed ones on every read.
    index('refund_returns_fraud_holds_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.state} = 'awaiting_fraud_check' AND ${t.holdCents} > 0`),
    check('refund_returns_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'refund_returns_hold_range',
      sql`${t.holdCents} >= 0 AND ${t.holdCents} <= ${t.amountCents}`,
    ),
  ],
);
