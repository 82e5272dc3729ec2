import { z } from 'zod';
import {
  defineMethodConfig,
  defineRedemptionMethod,
  type SettingsOf,
} from '../payouts/method-definition';

/** Virtual prepaid Visa cards loaded from the wallet. */
export const prepaidCardConfig = defineMethodConfig({
  env: {
    /**
     * The prepaid Visa card issuer; default the sandbox outside production, none (no prepaid
     * cards offered) in it.
     */
    PREPAID_CARD_PROVIDER: z.enum(['none', 'sandbox', 'stripe_issuing']).optional(),
    /** A Stripe secret key with Issuing enabled (sk_live_… or, for its test mode, sk_test_…). */
    STRIPE_ISSUING_API_KEY: z.string().min(1).optional(),
    /** Default Stripe's API, https://api.stripe.com/v1. */
    STRIPE_BASE_URL: z.url().optional(),
    /** Sandbox: seconds from a prepaid card being asked for to it being issued. */
    SANDBOX_PREPAID_FULFIL_SECONDS: z.coerce.number().min(0).max(3_600).default(3),
  },
  providers: ['PREPAID_CARD_PROVIDER'],
  check(env, need) {
    if (env.PREPAID_CARD_PROVIDER === 'stripe_issuing') {
      need('STRIPE_ISSUING_API_KEY', 'for PREPAID_CARD_PROVIDER=stripe_issuing');
    }
  },
  defaults: (env, production) => ({
    PREPAID_CARD_PROVIDER: env.PREPAID_CARD_PROVIDER ?? (production ? 'none' : 'sandbox'),
  }),
});

export type PrepaidCardSettings = SettingsOf<typeof prepaidCardConfig>;

export const prepaidCardDefinition = defineRedemptionMethod({
  name: 'prepaidCards',
  modes: ['prepaid'],
  config: prepaidCardConfig,
  // Loaded when the server starts, not when the configuration is read (see debit-card).
  start: async (context) => (await import('./prepaid-card-start')).startPrepaidCards(context),
});
