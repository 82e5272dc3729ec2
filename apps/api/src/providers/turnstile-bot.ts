import type { BaseLogger } from 'pino';
import { z } from 'zod';
import type { BotCheck, BotVerifier } from './ports';

export interface TurnstileOptions {
  secret: string;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** Outages and misconfiguration go to warn, ordinary rejections to info. */
  logger?: Pick<BaseLogger, 'warn' | 'info'>;
}

// Cloudflare's answer is untrusted input: only these fields count, and each must have its type.
const siteverifySchema = z.object({
  success: z.boolean(),
  action: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

// Codes that mean our side (or Cloudflare) is broken rather than the visitor being a bot.
const unavailableErrors = new Set([
  'missing-input-secret',
  'invalid-input-secret',
  'bad-request',
  'internal-error',
]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createTurnstileVerifier(options: TurnstileOptions): BotVerifier {
  const {
    secret,
    baseUrl = 'https://challenges.cloudflare.com',
    fetchImpl = fetch,
    timeoutMs = 5_000,
    logger,
  } = options;
  const url = `${baseUrl.replace(/\/+$/, '')}/turnstile/v0/siteverify`;
  // Logged fields never include the token or the secret.
  const unavailable = (reason: string, details: object = {}): false => {
    logger?.warn(
      { provider: 'turnstile', reason, ...details },
      'bot check unavailable, failing closed',
    );
    return false;
  };

  return {
    async verify({ token, action, remoteIp }: BotCheck): Promise<boolean> {
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ secret, response: token, remoteip: remoteIp || undefined }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        // Fail closed on network errors and timeouts: anyone who can slow or block our call to
        // Cloudflare (or an outage) would otherwise switch bot protection off exactly when it
        // is being tested. A human pays with one retry; failing open would cost us mass
        // sign-ups and SMS pumping on our bill.
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return unavailable(timedOut ? 'timeout' : 'network');
      }

      // Fail closed on non-2xx: an error page is not a verdict, so it cannot vouch for anyone.
      if (!response.ok) return unavailable('http', { status: response.status });

      // Fail closed on an unexpected shape: whatever answered is not speaking Cloudflare's API
      // (a proxy, a changed API), and reading a guess into it could let bots through.
      const parsed = siteverifySchema.safeParse(parseJson(text));
      if (!parsed.success) return unavailable('malformed-answer');

      const answer = parsed.data;
      const errorCodes = answer['error-codes'] ?? [];
      if (!answer.success) {
        if (errorCodes.some((code) => unavailableErrors.has(code))) {
          return unavailable('vendor-error', { errorCodes });
        }
        logger?.info({ provider: 'turnstile', errorCodes }, 'bot check rejected the token');
        return false;
      }
      // A token minted for another action (say, sign-in) must not unlock this one.
      if (answer.action !== action) {
        logger?.info(
          { provider: 'turnstile', expected: action, got: answer.action },
          'bot check action mismatch',
        );
        return false;
      }
      return true;
    },
  };
}
