import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Increase signs each webhook with the Event Subscription's shared secret:
 * `Increase-Webhook-Signature: t=<ISO 8601 time>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 */
export const INCREASE_SIGNATURE_HEADER = 'increase-webhook-signature';

/** How far from our clock a signature's time may be; older deliveries are refused as replays. */
export const INCREASE_SIGNATURE_TOLERANCE_SECONDS = 300;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

const hmacHex = (secret: string, timestamp: string, rawBody: string | Uint8Array): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();

/** The header Increase would send for this body at this time (for stubs and tests). */
export function signIncreaseWebhook(secret: string, rawBody: string, at = new Date()): string {
  const timestamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody).toString('hex')}`;
}

/**
 * Recomputes the HMAC over the exact bytes received and compares it in constant time with each
 * v1 value; refuses a missing or malformed header and a time outside the tolerance.
 */
export function verifyIncreaseWebhookSignature(
  secret: string,
  header: string | undefined,
  rawBody: string | Uint8Array,
  options: { toleranceSeconds?: number; now?: Date } = {},
): boolean {
  if (!header) return false;
  const { toleranceSeconds = INCREASE_SIGNATURE_TOLERANCE_SECONDS, now = new Date() } = options;
  let timestamp: string | undefined;
  const candidates: Buffer[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (key === 't' && RFC3339.test(value)) timestamp = value;
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) {
      candidates.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === undefined || candidates.length === 0) return false;
  const signedAt = Date.parse(timestamp);
  if (!Number.isFinite(signedAt)) return false;
  if (Math.abs(now.getTime() - signedAt) > toleranceSeconds * 1000) return false;
  const expected = hmacHex(secret, timestamp, rawBody);
  // Every candidate is compared, so the time taken does not tell which one matched.
  return candidates.reduce(
    (match, candidate) => timingSafeEqual(candidate, expected) || match,
    false,
  );
}

/** Increase's Event object, as POSTed to the webhook; it names the object, it does not carry it. */
export const increaseEventSchema = z.object({
  id: z.string().min(1),
  category: z.string().min(1),
  associated_object_type: z.string().min(1),
  associated_object_id: z.string().min(1),
  created_at: z.string().optional(),
  type: z.literal('event').optional(),
});
export type IncreaseEvent = z.infer<typeof increaseEventSchema>;
