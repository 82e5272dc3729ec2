import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/**
 * Paths that may hold secrets, codes, tokens, card data or phone numbers. Request bodies and
 * query strings are never logged in the first place; this list is the second line of defence.
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.secret',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.bot_token',
  '*.code',
  '*.otp',
  '*.phone_number',
  '*.phoneNumber',
  '*.to',
  '*.body',
  '*.card_number',
  '*.cvv',
];

/** Request log lines carry the path only: query strings can hold phone numbers or tokens. */
const serializers = {
  req: (req: { method: string; url: string; id: string }) => ({
    id: req.id,
    method: req.method,
    path: req.url.split('?')[0],
  }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
  err: pino.stdSerializers.err,
};

export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
): FastifyBaseLogger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: '[redacted]' },
      base: { service: 'refund-wallet-api' },
      serializers,
    },
    destination,
  );
}
