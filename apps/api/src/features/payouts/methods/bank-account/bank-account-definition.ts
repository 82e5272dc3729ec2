import { z } from 'zod';
import {
  defineMethodConfig,
  defineRedemptionMethod,
  type SettingsOf,
} from '../../method-definition';

/** Payouts to a bank account by ACH, to accounts the customer links through bank linking. */
export const bankAccountConfig = defineMethodConfig({
  env: {
    /** Sandbox: seconds until an ACH credit settles, and from settlement to a magic return. */
    SANDBOX_ACH_SETTLEMENT_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
    BANK_LINK_PROVIDER: z.enum(['sandbox', 'tink']).default('sandbox'),
    TINK_CLIENT_ID: z.string().optional(),
    TINK_CLIENT_SECRET: z.string().optional(),
    TINK_MARKET: z
      .string()
      .regex(/^[A-Z]{2}$/, 'a two-letter market such as US')
      .default('US'),
    TINK_LOCALE: z.string().default('en_US'),
    TINK_API_URL: z.url().optional(),
    TINK_LINK_URL: z.url().optional(),
    ACH_PROVIDER: z.enum(['sandbox', 'increase']).default('sandbox'),
    INCREASE_API_KEY: z.string().optional(),
    INCREASE_ACCOUNT_ID: z.string().optional(),
    INCREASE_BASE_URL: z.url().optional(),
    /** The Event Subscription's shared secret that signs Increase's webhooks; never logged. */
    INCREASE_WEBHOOK_SECRET: z.string().min(1).optional(),
  },
  providers: ['BANK_LINK_PROVIDER', 'ACH_PROVIDER'],
  check(env, need) {
    if (env.BANK_LINK_PROVIDER === 'tink') {
      need('TINK_CLIENT_ID', 'for BANK_LINK_PROVIDER=tink');
      need('TINK_CLIENT_SECRET', 'for BANK_LINK_PROVIDER=tink');
    }
    if (env.ACH_PROVIDER === 'increase') {
      need('INCREASE_API_KEY', 'for ACH_PROVIDER=increase');
      need('INCREASE_ACCOUNT_ID', 'for ACH_PROVIDER=increase');
      need('INCREASE_WEBHOOK_SECRET', 'for ACH_PROVIDER=increase');
    }
  },
});

export type BankAccountSettings = SettingsOf<typeof bankAccountConfig>;

export const bankAccountDefinition = defineRedemptionMethod({
  name: 'bankAccount',
  modes: ['bank'],
  config: bankAccountConfig,
  // Loaded when the server starts, not when the configuration is read (see debit-card).
  start: async (context) => (await import('./bank-account-start')).startBankAccount(context),
});
