import type { BaseLogger } from 'pino';
import { z } from 'zod';
import type { BotCheck, BotVerifier } from './ports';

/** What reCAPTCHA and Turnstile both answer; a vendor may read more fields. */
export const siteverifyAnswerSchema = z.object({
  success: z.boolean(),
  action: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});
type SiteverifyAnswer = z.infer<typeof siteverifyAnswerSchema>;

export interface SiteverifyClientOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** Outages and misconfiguration go to warn, ordinary rejections to info. */
  logger?: Pick<BaseLogger, 'warn' | 'info'>;
}

export interface SiteverifyVendor<A extends SiteverifyAnswer> {
  provider: string;
  url: string;
  /** The vendor's request encoding of the secret, the token and the visitor's address. */
  request: (check: BotCheck) => { contentType: string; body: string };
  /** The vendor's answer is untrusted input: only these fields count, each with its type. */
  answerSchema: z.ZodType<A>;
  /** Error codes that mean our side (or the vendor) is broken rather than the visitor a bot. */
  unavailableCodes: ReadonlySet<string>;
  unavailableReason: string;
  /** The vendor's own test of a successful answer for the right action; logs why it fails. */
  accept?: (answer: A, log: (details: object, message: string) => void) => boolean;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A siteverify call, failing closed: anything but a clear, successful verdict for this action
 * is a refusal. Logged fields never include the token or the secret.
 */
export function createSiteverifyVerifier<A extends SiteverifyAnswer>(
  vendor: SiteverifyVendor<A>,
  options: SiteverifyClientOptions,
): BotVerifier {
  const { fetchImpl = fetch, timeoutMs = 5_000, logger } = options;
  const { provider } = vendor;
  const unavailable = (reason: string, details: object = {}): false => {
    logger?.warn({ provider, reason, ...details }, 'bot check unavailable, failing closed');
    return false;
  };
  const log = (details: object, message: string) => logger?.info({ provider, ...details }, message);

  return {
    async verify(check: BotCheck): Promise<boolean> {
      const { contentType, body } = vendor.request(check);
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(vendor.url, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        // Fail closed on network errors and timeouts: anyone who can slow or block our call to
        // the vendor (or an outage) would otherwise switch bot protection off exactly when it
        // is being tested. A human pays with one retry; failing open would cost us mass
        // sign-ups and SMS pumping on our bill.
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return unavailable(timedOut ? 'timeout' : 'network');
      }

      // Fail closed on non-2xx: an error page is not a verdict, so it cannot vouch for anyone.
      if (!response.ok) return unavailable('http', { status: response.status });

      // Fail closed on an unexpected shape: whatever answered is not speaking the vendor's API
      // (a proxy, a changed API), and reading a guess into it could let bots through.
      const parsed = vendor.answerSchema.safeParse(parseJson(text));
      if (!parsed.success) return unavailable('malformed-answer');

      const answer = parsed.data;
      const errorCodes = answer['error-codes'] ?? [];
      if (!answer.success) {
        if (errorCodes.some((code) => vendor.unavailableCodes.has(code))) {
          return unavailable(vendor.unavailableReason, { errorCodes });
        }
        log({ errorCodes }, 'bot check rejected the token');
        return false;
      }
      // A token minted for another action (say, sign-in) must not unlock this one.
      if (answer.action !== check.action) {
        log({ expected: check.action, got: answer.action }, 'bot check action mismatch');
        return false;
      }
      return vendor.accept ? vendor.accept(answer, log) : true;
    },
  };
}
