import { z } from 'zod';

/** What the web app needs to know about the server it talks to. */
export const appConfigSchema = z.object({
  brand_name: z.string(),
  sandbox: z.boolean(),
  /** Where customers get help with a gift card (SPEC §9): phone 877.558.2646 and this e-mail. */
  support_email: z.string(),
  /**
   * The welcome bonus a customer's first claimed refund brings (spend-only: gift cards and
   * prepaid cards), or null when none is offered. `last_day` is the last day it can be spent.
   */
  welcome_bonus: z.object({ amount_in_cents: z.number().int(), last_day: z.iso.date() }).nullable(),
  bot_protection: z.object({
    provider: z.enum(['sandbox', 'recaptcha', 'turnstile']),
    site_key: z.string().nullable(),
  }),
  /** Where the web app reports its errors (a public Sentry DSN), or null: nothing is sent. */
  error_reporting: z.object({ dsn: z.string().nullable(), environment: z.string() }),
  /**
   * Where the web app sends its analytics events: PostHog with this project key and host, or
   * the API's own endpoint (`first_party`, key and host null) when no key is configured.
   */
  analytics: z.object({
    provider: z.enum(['posthog', 'first_party']),
    key: z.string().nullable(),
    host: z.string().nullable(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
