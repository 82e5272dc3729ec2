import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './auth';

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
