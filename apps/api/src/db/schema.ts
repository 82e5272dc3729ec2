import { redemptionModes } from '@refund/contracts/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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
 * Ledger accounts. Whether an account may go below zero is a flag on the account, set when it is
 * made from its kind (ledger-accounts.ts) and enforced here, not only in code: a customer's
 * wallet never may, a merchant's funding account and the expense accounts may. Balances are
 * integer cents.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerType: text('owner_type', { enum: ['customer', 'merchant', 'system'] }).notNull(),
    ownerId: uuid('owner_id'),
    kind: text('kind').notNull(),
    allowNegative: boolean('allow_negative').notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_kind_key').on(t.ownerType, t.ownerId, t.kind).nullsNotDistinct(),
    check('ledger_accounts_not_negative', sql`${t.allowNegative} OR ${t.balanceCents} >= 0`),
  ],
);

/**
 * A set of entries that sum to zero, written once per idempotency key. It names what it is about
 * generically (a reference kind and id: a refund, a return, a redemption...).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    referenceKind: text('reference_kind'),
    referenceId: uuid('reference_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // No index on the reference: only the ledger check reads by it (a scan), and every transfer
    // would pay for one.
    uniqueIndex('ledger_transfers_idempotency_key').on(t.idempotencyKey),
    check(
      'ledger_transfers_reference_whole',
      sql`(${t.referenceKind} IS NULL) = (${t.referenceId} IS NULL)`,
    ),
  ],
);

/**
 * One account's side of a transfer. `seq` orders an account's entries as they were written (the
 * account's row lock serialises them), and `balance_after_cents` is the account's balance right
 * after the entry, so any history row can show a running balance and a drift is found at the row
 * where it starts.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // An account's history in the order its balance moved.
    index('ledger_entries_account_seq_idx').on(t.accountId, t.seq),
    index('ledger_entries_transfer_idx').on(t.transferId),
    check('ledger_entries_not_zero', sql`${t.amountCents} <> 0`),
  ],
);

export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** SHA-256 of the API key; the key itself is shown once and never stored. */
    apiKeyHash: text('api_key_hash').notNull(),
    apiKeyPrefix: text('api_key_prefix').notNull(),
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('merchants_api_key_hash_key').on(t.apiKeyHash)],
);

export const files = pgTable('files', {
  key: uuid('key').primaryKey().defaultRandom(),
  merchantId: uuid('merchant_id')
    .notNull()
    .references(() => merchants.id),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

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
 * A change of phone number or e-mail, as told to the contact it replaced: the notice carries a
 * link (random, stored hashed) whose "This wasn't me" puts the old contact back, signs every
 * device out and pauses withdrawals (ADR 0026).
 */
export const contactChangeNotices = pgTable(
  'contact_change_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['phone', 'email'] }).notNull(),
    previousValue: text('previous_value').notNull(),
    newValue: text('new_value').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contact_change_notices_token_hash_key').on(t.tokenHash),
    index('contact_change_notices_user_id_idx').on(t.userId),
  ],
);

/** Card numbers, sealed. Only the vault reads this table; everything else holds the token. */
export const vaultCards = pgTable('vault_cards', {
  token: text('token').primaryKey(),
  sealedNumber: text('sealed_number').notNull(),
  createdAt: createdAt(),
});

export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vaultToken: text('vault_token')
      .notNull()
      .references(() => vaultCards.token),
    brand: text('brand', { enum: ['visa', 'mastercard'] }).notNull(),
    funding: text('funding', { enum: ['debit'] }).notNull(),
    last4: text('last4').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    nameOnCard: text('name_on_card').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('cards_user_idx').on(t.userId, t.createdAt)],
);

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

/** Bank account numbers, sealed. Only the bank vault reads this table. */
export const vaultBankAccounts = pgTable('vault_bank_accounts', {
  token: text('token').primaryKey(),
  sealedNumber: text('sealed_number').notNull(),
  createdAt: createdAt(),
});

/** A customer's bank account for ACH payouts: typed in, or verified through bank linking. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vaultToken: text('vault_token')
      .notNull()
      .references(() => vaultBankAccounts.token),
    /** Routing numbers identify the bank, not the customer; they are public. */
    routingNumber: text('routing_number').notNull(),
    bankName: text('bank_name'),
    accountType: text('account_type', { enum: ['checking', 'savings'] }).notNull(),
    last4: text('last4').notNull(),
    holderName: text('holder_name').notNull(),
    source: text('source', { enum: ['manual', 'linked'] }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_accounts_user_idx').on(t.userId, t.createdAt),
    check('bank_accounts_routing_digits', sql`${t.routingNumber} ~ '^[0-9]{9}$'`),
  ],
);

/** The bank account an ACH redemption pays; written with the redemption, in its transaction. */
export const bankPayouts = pgTable(
  'bank_payouts',
  {
    redemptionId: uuid('redemption_id')
      .primaryKey()
      .references(() => redemptions.id),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [index('bank_payouts_account_idx').on(t.bankAccountId)],
);

/**
 * One bank-linking attempt. Its id travels through the provider as `state`; it belongs to the
 * customer who started it, expires, and can be exchanged once.
 */
export const bankLinkSessions = pgTable(
  'bank_link_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('bank_link_sessions_user_idx').on(t.userId, t.createdAt)],
);

/** Codes the sandbox bank-linking page issued, hashed: single use, bound to their state. */
export const sandboxBankLinkCodes = pgTable('sandbox_bank_link_codes', {
  codeHash: text('code_hash').primaryKey(),
  state: text('state').notNull(),
  bankId: text('bank_id').notNull(),
  accountId: text('account_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

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

/**
 * Analytics events kept by the first-party endpoint when no analytics vendor is configured, so
 * a person can read them in the sandbox. `anonymous_id` is the browser's analytics id.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['identify', 'track', 'page'] }).notNull(),
    /** The event name for track, the path for page; null for identify. */
    name: text('name'),
    anonymousId: text('anonymous_id').notNull(),
    userId: uuid('user_id'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    source: text('source', { enum: ['web', 'server'] }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  // The two lists the sandbox reads (one browser's, one customer's events). Nothing reads the
  // events by time alone, so no index pays for itself on every event written for that.
  (t) => [
    index('analytics_events_anonymous_idx').on(t.anonymousId, t.createdAt, t.id),
    index('analytics_events_user_idx').on(t.userId, t.createdAt, t.id),
  ],
);
