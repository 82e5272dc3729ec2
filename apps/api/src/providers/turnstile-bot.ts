import type { BotVerifier } from './ports';
import {
  createSiteverifyVerifier,
  siteverifyAnswerSchema,
  type SiteverifyClientOptions,
} from './siteverify';

export interface TurnstileOptions extends SiteverifyClientOptions {
  secret: string;
  baseUrl?: string;
}

/** Cloudflare Turnstile: a successful answer for the action. */
export function createTurnstileVerifier(options: TurnstileOptions): BotVerifier {
  const { secret, baseUrl = 'https://challenges.cloudflare.com' } = options;
  return createSiteverifyVerifier(
    {
      provider: 'turnstile',
      url: `${baseUrl.replace(/\/+$/, '')}/turnstile/v0/siteverify`,
      request: ({ token, remoteIp }) => ({
        contentType: 'application/json',
        body: JSON.stringify({ secret, response: token, remoteip: remoteIp || undefined }),
      }),
      answerSchema: siteverifyAnswerSchema,
      unavailableCodes: new Set([
        'missing-input-secret',
        'invalid-input-secret',
        'bad-request',
        'internal-error',
      ]),
      unavailableReason: 'vendor-error',
    },
    options,
  );
}
