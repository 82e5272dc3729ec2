import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'refund-signature';
export const EVENT_ID_HEADER = 'refund-event-id';

const hmacHex = (secret: string, timestamp: number, rawBody: string | Uint8Array): string =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/** The signature header for one delivery; the timestamp inside it defeats replays. */
export function signWebhook(
  secret: string,
  rawBody: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

/**
 * What a merchant runs on each delivery: recompute the HMAC over the exact bytes received and
 * refuse a stale timestamp. Several v1 values are accepted so a secret can be rotated without
 * dropping deliveries signed with the old one.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  rawBody: string | Uint8Array,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const item of header.split(',')) {
    const [key, value] = item.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  return candidates.some((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected));
}
