import { z } from 'zod';
import {
  defineMethodConfig,
  defineRedemptionMethod,
  type SettingsOf,
} from '../../method-definition';

/** Instant payouts to a debit card (push to card), and the lookups of pushes left unanswered. */
export const debitCardConfig = defineMethodConfig({
  env: {
    /** Sandbox: seconds until a payout to the returned-later card comes back. */
    SANDBOX_CARD_RETURN_DELAY_SECONDS: z.coerce.number().min(0).max(86_400).default(20),
    /** How often the job asking about card pushes that got no answer runs. */
    CARD_PUSH_CHECK_INTERVAL_SECONDS: z.coerce.number().min(0.2).max(3600).default(30),
    /** Age at which a card push still without an answer is asked about at the provider. */
    CARD_PUSH_CHECK_AFTER_SECONDS: z.coerce.number().min(0).max(86_400).default(120),
    /**
     * Age after which a push the provider has no record of is taken as never made: failed, and
     * the money given back. Before it, "not found" may only mean "not there yet".
     */
    CARD_PUSH_NOT_FOUND_AFTER_SECONDS: z.coerce.number().min(0).max(604_800).default(900),
    CARD_PAYOUT_PROVIDER: z.enum(['sandbox', 'visa_direct']).default('sandbox'),
    /** https://api.visa.com in production, https://sandbox.api.visa.com for Visa's sandbox. */
    VISA_DIRECT_BASE_URL: z.url().default('https://api.visa.com'),
    VISA_DIRECT_USER_ID: z.string().optional(),
    VISA_DIRECT_PASSWORD: z.string().optional(),
    /** The mutual-TLS client certificate and its private key (PEM files) Visa issued. */
    VISA_DIRECT_CERT_FILE: z.string().optional(),
    VISA_DIRECT_KEY_FILE: z.string().optional(),
    /** Certificate authorities to trust for Visa's server (PEM); the system's by default. */
    VISA_DIRECT_CA_FILE: z.string().optional(),
    VISA_DIRECT_ACQUIRING_BIN: z
      .string()
      .regex(/^\d{6,11}$/, '6 to 11 digits')
      .optional(),
    VISA_DIRECT_ACQUIRER_COUNTRY_CODE: z
      .string()
      .regex(/^\d{3}$/, 'an ISO 3166 numeric country code such as 840')
      .default('840'),
    VISA_DIRECT_MERCHANT_CATEGORY_CODE: z
      .string()
      .regex(/^\d{4}$/, 'four digits')
      .default('6012'),
    VISA_DIRECT_CARD_ACCEPTOR_ID: z.string().max(15).optional(),
    VISA_DIRECT_TERMINAL_ID: z.string().max(8).optional(),
    VISA_DIRECT_CARD_ACCEPTOR_STATE: z
      .string()
      .regex(/^[A-Z]{2}$/, 'a two-letter US state such as CA')
      .optional(),
    VISA_DIRECT_CARD_ACCEPTOR_ZIP: z
      .string()
      .regex(/^\d{5}$/, 'five digits')
      .optional(),
    VISA_DIRECT_CARD_ACCEPTOR_COUNTY: z
      .string()
      .regex(/^\d{3}$/, 'a three-digit county code')
      .optional(),
  },
  providers: ['CARD_PAYOUT_PROVIDER'],
  check(env, need) {
    if (env.CARD_PAYOUT_PROVIDER !== 'visa_direct') return;
    for (const key of [
      'VISA_DIRECT_USER_ID',
      'VISA_DIRECT_PASSWORD',
      'VISA_DIRECT_CERT_FILE',
      'VISA_DIRECT_KEY_FILE',
      'VISA_DIRECT_ACQUIRING_BIN',
      'VISA_DIRECT_CARD_ACCEPTOR_ID',
      'VISA_DIRECT_TERMINAL_ID',
      'VISA_DIRECT_CARD_ACCEPTOR_STATE',
      'VISA_DIRECT_CARD_ACCEPTOR_ZIP',
    ] as const) {
      need(key, 'for CARD_PAYOUT_PROVIDER=visa_direct');
    }
  },
});

export type DebitCardSettings = SettingsOf<typeof debitCardConfig>;

export const debitCardDefinition = defineRedemptionMethod({
  name: 'debitCard',
  modes: ['debit'],
  config: debitCardConfig,
  // Loaded when the server starts, not when the configuration is read: main.ts reads it before
  // the database opens, and the provider adapters need not delay that.
  start: async (context) => (await import('./debit-card-start')).startDebitCard(context),
});
