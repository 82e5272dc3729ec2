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
});
export type AppConfig = z.infer<typeof appConfigSchema>;
