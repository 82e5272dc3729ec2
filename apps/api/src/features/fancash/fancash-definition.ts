import { z } from 'zod';
import {
  defineMethodConfig,
  defineRedemptionMethod,
  type SettingsOf,
} from '../payouts/method-definition';

/** FanCash, the sports merchant's store credit, to the account the customer links. */
export const fanCashConfig = defineMethodConfig({
  env: {
    /** The sports merchant's FanCash program; default the sandbox outside production, none in it. */
    FANCASH_PROVIDER: z.enum(['none', 'sandbox', 'fanatics']).optional(),
    FANATICS_CLIENT_ID: z.string().min(1).optional(),
    FANATICS_CLIENT_SECRET: z.string().min(1).optional(),
    /** The loyalty API, e.g. https://api.fanatics.example. */
    FANATICS_API_URL: z.url().optional(),
    /** The merchant's sign-in (OAuth 2), e.g. https://accounts.fanatics.example. */
    FANATICS_AUTH_URL: z.url().optional(),
    /** Sandbox: seconds from a FanCash credit being asked for to it being posted. */
    SANDBOX_FANCASH_POST_SECONDS: z.coerce.number().min(0).max(3_600).default(3),
  },
  providers: ['FANCASH_PROVIDER'],
  check(env, need) {
    if (env.FANCASH_PROVIDER !== 'fanatics') return;
    for (const key of [
      'FANATICS_CLIENT_ID',
      'FANATICS_CLIENT_SECRET',
      'FANATICS_API_URL',
      'FANATICS_AUTH_URL',
    ] as const) {
      need(key, 'for FANCASH_PROVIDER=fanatics');
    }
  },
  defaults: (env, production) => ({
    FANCASH_PROVIDER: env.FANCASH_PROVIDER ?? (production ? 'none' : 'sandbox'),
  }),
});

export type FanCashSettings = SettingsOf<typeof fanCashConfig>;

export const fanCashDefinition = defineRedemptionMethod({
  name: 'fanCash',
  modes: ['fancash'],
  config: fanCashConfig,
  // Loaded when the server starts, not when the configuration is read (see debit-card).
  start: async (context) => (await import('./fancash-start')).startFanCash(context),
});
