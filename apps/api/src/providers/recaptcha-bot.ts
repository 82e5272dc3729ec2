import type { BaseLogger } from 'pino';
import { z } from 'zod';
import type { BotCheck, BotVerifier } from './ports';

export interface RecaptchaOptions {
  secret: string;
  /** reCAPTCHA v3 score from 0 (bot) to 1 (human) below which a check fails. */
  minScore?: number;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** Outages and misconfiguration go to warn, ordinary rejections to info. */
  logger?: Pick<BaseLogger, 'warn' | 'info'>;
}

// Google's answer is untrusted input: only these fields count, and each must have its type.
const siteverifySchema = z.object({
  success: z.boolean(),
  score: z.number().min(0).max(1).optional(),
  action: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

// Codes that mean our side is broken rather than the visitor being a bot.
const configurationErrors = new Set([
  'missing-input-secret',
  'invalid-input-secret',
  'bad-request',
]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createRecaptchaVerifier(options: RecaptchaOptions): BotVerifier {
  const {
    secret,
    minScore = 0.5,
    baseUrl = 'https://www.google.com',
    fetchImpl = fetch,
    timeoutMs = 5_000,
    logger,
  } = options;
  if (!(minScore >= 0 && minScore <= 1)) throw new RangeError('minScore must be within 0..1');
  const url = `${baseUrl.replace(/\/+$/, '')}/recaptcha/api/siteverify`;
  // Logged fields never include the token or the secret.
  const unavailable = (reason: string, details: object = {}): false => {
    logger?.warn(
      { provider: 'recaptcha', reason, ...details },
      'bot check unavailable, failing closed',
    );
    return false;
  };

  return {
    async verify({ token, action, remoteIp }: BotCheck): Promise<boolean> {
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);

      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        // Fail closed on network errors and timeouts: anyone who can slow or block our call to
        // Google (or an outage) would otherwise switch bot protection off exactly when it is
        // being tested. A human pays with one retry; failing open would cost us mass sign-ups
        // and SMS pumping on our bill.
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return unavailable(timedOut ? 'timeout' : 'network');
      }

      // Fail closed on non-2xx: an error page is not a verdict, so it cannot vouch for anyone.
      if (!response.ok) return unavailable('http', { status: response.status });

      // Fail closed on an unexpected shape: whatever answered is not speaking Google's API (a
      // proxy, a changed API), and reading a guess into it could let bots through.
      const parsed = siteverifySchema.safeParse(parseJson(text));
      if (!parsed.success) return unavailable('malformed-answer');

      const answer = parsed.data;
      const errorCodes = answer['error-codes'] ?? [];
      if (!answer.success) {
        if (errorCodes.some((code) => configurationErrors.has(code))) {
          return unavailable('misconfigured', { errorCodes });
        }
        logger?.info({ provider: 'recaptcha', errorCodes }, 'bot check rejected the token');
        return false;
      }
      // A token minted for another action (say, sign-in) must not unlock this one.
      if (answer.action !== action) {
        logger?.info(
          { provider: 'recaptcha', expected: action, got: answer.action },
          'bot check action mismatch',
        );
        return false;
      }
      // No score means a v2 key answered; it cannot meet a v3 threshold.
      if (answer.score === undefined || answer.score < minScore) {
        logger?.info(
          { provider: 'recaptcha', score: answer.score, minScore },
          'bot check score too low',
        );
        return false;
      }
      return true;
    },
  };
}
