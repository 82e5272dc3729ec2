import type { AppConfig } from '@refund/contracts/app-config';
import type { BotAction } from '@refund/contracts/auth';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/values/sandbox-bot-tokens';
import { ApiError } from '../api-error';

/** One interface over every bot-protection vendor: a token proving a human did `action`. */
export interface BotProtection {
  getToken: (action: BotAction) => Promise<string>;
}

export type BotProtectionConfig = AppConfig['bot_protection'];

/** The catalogue's error for it, loaded as it happens (errors.ts makes schemas as it loads). */
async function botCheckFailed(cause: unknown): Promise<ApiError> {
  const { errorBody } = await import('@refund/contracts/errors');
  return new ApiError(0, errorBody('BOT_CHECK_FAILED'), { cause });
}

export function createBotProtection(config: BotProtectionConfig): BotProtection {
  if (config.provider === 'sandbox') {
    return { getToken: () => Promise.resolve(SANDBOX_PASSING_BOT_TOKEN) };
  }
  const siteKey = config.site_key;
  const provider = config.provider;
  return {
    async getToken(action) {
      try {
        if (!siteKey) throw new Error(`No site key configured for ${provider}`);
        // Vendor code loads only when a token is first needed, keeping it off the first paint.
        if (provider === 'recaptcha') {
          const { recaptchaToken } = await import('./recaptcha');
          return await recaptchaToken(siteKey, action);
        }
        const { turnstileToken } = await import('./turnstile');
        return await turnstileToken(siteKey, action);
      } catch (error) {
        throw await botCheckFailed(error);
      }
    },
  };
}
