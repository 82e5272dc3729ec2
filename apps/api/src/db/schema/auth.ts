import { sql } from 'drizzle-orm';
import {
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
import { createdAt } from './columns';

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
    /**
     * Set when the owner reported a change of contact they did not make (ADR 0026): no money
     * leaves the wallet until the owner signs in again (`until_sign_in`, the old contact was put
     * back) or support has checked the account (`until_support`, it could not be put back).
     */
    withdrawalsPaused: text('withdrawals_paused', { enum: ['until_sign_in', 'until_support'] }),
    createdAt: createdAt(),
    /**
     * When the customer closed the account (ADR 0033). A closed account keeps its id, for the
     * ledger and payout records that must stay, and nothing that names the person: its phone
     * holds a placeholder ('closed:' and the id) so the number is free for a new sign-up.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // An email belongs to an account only once it is verified (ADR 0011): several accounts may
    // have typed the same address, but only one can prove it.
    uniqueIndex('users_verified_email_key')
      .on(t.email)
      .where(sql`${t.emailVerifiedAt} IS NOT NULL`),
    index('users_email_idx').on(t.email),
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    check(
      'users_phone_number_digits',
      sql`${t.phoneNumber} ~ '^[0-9]{10}$' OR (${t.closedAt} IS NOT NULL AND ${t.phoneNumber} = 'closed:' || ${t.id})`,
    ),
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
    purpose: text('purpose', {
      enum: [
        'SIGN_IN',
        'SIGN_UP',
        'REFUND_CLAIM',
        'VERIFY_EMAIL',
        'WITHDRAWAL',
        'GIFT_CARD_VIEW',
        'PREPAID_CARD_VIEW',
        'CHANGE_PHONE',
        'CONTACT_CHANGE',
        'CLOSE_ACCOUNT',
      ],
    }).notNull(),
    channel: text('channel', { enum: ['sms', 'email'] })
      .notNull()
      .default('sms'),
    /** Phone number (ten digits) or email the code goes to. */
    destination: text('destination').notNull(),
    /** The refund a REFUND_CLAIM or VERIFY_EMAIL attempt is for. */
    refundId: uuid('refund_id'),
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
  (t) => [index('otp_attempts_destination_idx').on(t.destination, t.createdAt)],
);

/**
 * Every code sent (or sign-in or sign-up request answered), counted for the per-destination and
 * per-IP limits. A sign-up counts against its phone and its email: the email's row has no IP, so
 * the request counts once against the IP. Each code counts against the hourly allowance of its
 * purpose only (ADR 0029): a withdrawal's code never uses up the sign-in allowance.
 */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    destination: text('destination').notNull(),
    ip: text('ip'),
    allowance: text('allowance', {
      enum: ['sign_in', 'claim', 'withdrawal', 'contact_change'],
    })
      .notNull()
      .default('sign_in'),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_sends_destination_allowance_idx').on(t.destination, t.allowance, t.createdAt),
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
    revokedReason: text('revoked_reason', {
      enum: [
        'logout',
        'refresh_token_reuse',
        'contact_changed',
        'signed_out_elsewhere',
        'contact_change_reported',
        'account_closed',
      ],
    }),
    /**
     * A hash of the browser's device identifier (FingerprintJS visitor id) the sign-in came
     * with: a risk signal (a new device, accounts per device), never proof of identity.
     */
    deviceHash: text('device_hash'),
    /** The browser's User-Agent at sign-in, to name the device in the customer's activity. */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_device_hash_idx').on(t.deviceHash),
  ],
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

/** Magic links that prove an email address. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_key').on(t.tokenHash),
    // A profile read looks for the customer's newest live link (a pending change of e-mail).
    index('email_verifications_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * What happened to a customer's account, by whom and from where: sign-ins, and every change of
 * a personal detail, contact, address or saved destination. `fields` names what changed, never
 * the values. The customer sees these as their security activity.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fields: jsonb('fields').$type<string[]>().notNull().default([]),
    /** The session the change was made in, when it was made by the customer. */
    sessionId: uuid('session_id'),
    deviceHash: text('device_hash'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_user_idx').on(t.userId, t.createdAt, t.id)],
);
