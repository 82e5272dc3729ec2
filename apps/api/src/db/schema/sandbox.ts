import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** What the sandbox SMS and email providers "sent". */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** The sender's key for the message (ports.ts, DeliveryKey): a second try keeps none. */
    deliveryKey: text('delivery_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_messages_to_idx').on(t.to, t.createdAt),
    uniqueIndex('sandbox_messages_delivery_key_idx').on(t.deliveryKey),
  ],
);
