import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { text } from '@refund/contracts/text';

const required = 'Send an Idempotency-Key header with this request.';

/** Every money-moving request names itself, so a retry answers the first result. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': text({ error: required })
    .trim()
    .min(1, required)
    .max(255, 'Idempotency-Key is too long'),
});

/**
 * The answer to an idempotent create: 201 the first time, 200 with `idempotent-replayed` for a
 * retry that found the first result.
 */
export function sendIdempotent<T>(reply: FastifyReply, created: boolean, body: T) {
  if (!created) reply.header('idempotent-replayed', 'true');
  return reply.status(created ? 201 : 200).send(body);
}
