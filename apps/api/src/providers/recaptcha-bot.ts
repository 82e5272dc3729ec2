import { z } from 'zod';
import type { BotVerifier } from './ports';
import {
  createSiteverifyVerifier,
  siteverifyAnswerSchema,
  type SiteverifyClientOptions,
} from './siteverify';

export interface RecaptchaOptions extends SiteverifyClientOptions {
  secret: string;
  /** reCAPTCHA v3 score from 0 (bot) to 1 (human) below which a check fails. */
  minScore?: number;
  baseUrl?: string;
}

const answerSchema = siteverifyAnswerSchema.extend({
  score: z.number().min(0).max(1).optional(),
});

/** Google reCAPTCHA v3: a successful answer for the action, with a high enough score. */
export function createRecaptchaVerifier(options: RecaptchaOptions): BotVerifier {
  const { secret, minScore = 0.5, baseUrl = 'https://www.google.com' } = options;
  if (!(minScore >= 0 && minScore <= 1)) throw new RangeError('minScore must be within 0..1');
  return createSiteverifyVerifier(
    {
      provider: 'recaptcha',
      url: `${baseUrl.replace(/\/+$/, '')}/recaptcha/api/siteverify`,
      request: ({ token, remoteIp }) => {
        const form = new URLSearchParams({ secret, response: token });
        if (remoteIp) form.set('remoteip', remoteIp);
        return { contentType: 'application/x-www-form-urlencoded', body: form.toString() };
      },
      answerSchema,
      unavailableCodes: new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request']),
      unavailableReason: 'misconfigured',
      accept(answer, log) {
        // No score means a v2 key answered; it cannot meet a v3 threshold.
        if (answer.score === undefined || answer.score < minScore) {
          log({ score: answer.score, minScore }, 'bot check score too low');
          return false;
        }
        return true;
      },
    },
    options,
  );
}
