import { z } from 'zod';

const required = 'Send an Idempotency-Key header with this request.';

/** Every money-moving request names itself, so a retry answers the first result. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(255, 'Idempotency-Key is too long'),
});
