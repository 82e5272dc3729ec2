import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './auth';
import { redemptions } from './payouts';

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
