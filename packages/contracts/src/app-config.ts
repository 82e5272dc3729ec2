import { z } from 'zod';

/** What the web app needs to know about the server it talks to. */
export const appConfigSchema = z.object({
  brand_name: z.string(),
  sandbox: z.boolean(),
  /** Where customers get help with a gift card (SPEC §9): phone 877.558.2646 and this e-mail. */
  support_email: z.string(),
  bot_protection: z.object({
    provider: z.enum(['sandbox', 'recaptcha', 'turnstile']),
    site_key: z.string().nullable(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
