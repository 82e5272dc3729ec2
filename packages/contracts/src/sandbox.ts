import { z } from 'zod';
import { text } from './text';
import { isEmail, isUsPhone } from './validation';

export const sandboxMessagesQuerySchema = z.object({
  to: text({ error: 'Give a phone number or email in "to"' })
    .trim()
    .refine((v) => isUsPhone(v) || isEmail(v), 'Give a phone number or email in "to"'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const sandboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  channel: z.enum(['sms', 'email']),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type SandboxMessage = z.infer<typeof sandboxMessageSchema>;

export const sandboxMessageListSchema = z.object({ data: z.array(sandboxMessageSchema) });

export { SANDBOX_FAILING_BOT_TOKEN, SANDBOX_PASSING_BOT_TOKEN } from './values/sandbox-bot-tokens';
