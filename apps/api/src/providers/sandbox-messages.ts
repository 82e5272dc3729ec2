import { desc, eq } from 'drizzle-orm';
import type { SandboxMessage } from '@refund/contracts/sandbox';
import type { Queryable } from '../db/database';
import { sandboxMessages } from '../db/schema';
import type { EmailSender, SmsSender } from './ports';

/**
 * Sandbox SMS: keeps the message where a person or a test can read it, once per delivery key.
 * Sends nothing.
 */
export function createSandboxSmsSender(db: Queryable): SmsSender {
  return {
    async send(message) {
      await db
        .insert(sandboxMessages)
        .values({
          to: message.to,
          channel: 'sms',
          body: message.body,
          deliveryKey: message.deliveryKey ?? null,
        })
        .onConflictDoNothing({ target: sandboxMessages.deliveryKey });
    },
  };
}

/** Sandbox email: keeps the message as the SMS sender does, once per delivery key. */
export function createSandboxEmailSender(db: Queryable): EmailSender {
  return {
    async send(message) {
      await db
        .insert(sandboxMessages)
        .values({
          to: message.to.toLowerCase(),
          channel: 'email',
          subject: message.subject,
          body: message.text,
          deliveryKey: message.deliveryKey ?? null,
        })
        .onConflictDoNothing({ target: sandboxMessages.deliveryKey });
    },
  };
}

export async function listSandboxMessages(
  db: Queryable,
  to: string,
  limit: number,
): Promise<SandboxMessage[]> {
  const rows = await db
    .select()
    .from(sandboxMessages)
    .where(eq(sandboxMessages.to, to))
    .orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    channel: row.channel,
    subject: row.subject,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  }));
}
