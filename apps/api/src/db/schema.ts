import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneNumber: text('phone_number').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    check('users_phone_number_digits', sql`${t.phoneNumber} ~ '^[0-9]{10}$'`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    line1: text('line_1').notNull(),
    line2: text('line_2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipcode: text('zipcode').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_id_idx').on(t.userId)],
);

/**
 * One sign-in or sign-up attempt and its current one-time code. A code is bound to the attempt
 * that created it; a resend replaces the code on the same attempt.
 */
export const otpAttempts = pgTable(
  'otp_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['SIGN_IN', 'SIGN_UP'] }).notNull(),
    phoneNumber: text('phone_number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The sign-up form, kept until the code proves the phone; no account exists before that. */
    signupDetails: jsonb('signup_details'),
    /** Null when no code was sent (sign-in to a number with no account). */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    resendAvailableAt: timestamp('resend_available_at', { withTimezone: true }).notNull(),
    failedTries: integer('failed_tries').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_attempts_phone_idx').on(t.phoneNumber, t.createdAt)],
);

/** Every code sent (or sign-in request answered), counted for the per-phone and per-IP limits. */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phoneNumber: text('phone_number').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_sends_phone_idx').on(t.phoneNumber, t.createdAt),
    index('otp_sends_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** A sign-in session: one family of rotating refresh tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', { enum: ['logout', 'refresh_token_reuse'] }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** What the sandbox SMS and email providers "sent". */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_messages_to_idx').on(t.to, t.createdAt)],
);

/**
 * Ledger accounts. Customer accounts can never go below zero, enforced here and not only in
 * code. Balances are integer cents.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerType: text('owner_type', { enum: ['customer', 'merchant', 'system'] }).notNull(),
    ownerId: uuid('owner_id'),
    kind: text('kind').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_kind_key').on(t.ownerType, t.ownerId, t.kind),
    check(
      'ledger_accounts_customer_not_negative',
      sql`${t.ownerType} <> 'customer' OR ${t.balanceCents} >= 0`,
    ),
  ],
);
