import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './auth';

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
