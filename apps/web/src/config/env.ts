import { z } from 'zod';
import { apiBaseUrl } from './api-base-url';
import { registrableDomain } from './registrable-domain';

const envSchema = z.object({
  VITE_API_BASE_URL: z
    .string()
    .trim()
    .min(1, 'VITE_API_BASE_URL must not be empty when set')
    .refine((value) => value.startsWith('/') || URL.canParse(value), {
      message: 'VITE_API_BASE_URL must be a path such as /v1 or an absolute URL',
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /** Derive the API's address from the page host (SPEC §7) instead of the same origin's /v1. */
  VITE_API_FROM_HOST: z
    .stringbool({ error: 'VITE_API_FROM_HOST must be true or false' })
    .default(false),
  /** The environment the build is for; anything but production is named in the API host. */
  VITE_APP_ENV: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/i, 'VITE_APP_ENV must be a name such as production or staging')
    .default('production'),
});

export type Env = z.infer<typeof envSchema>;

/** Fails at start-up with every problem listed, rather than at the first request. */
export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- ${issue.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return result.data;
}

export const env = parseEnv(import.meta.env);

/** Where every API call goes: an explicit VITE_API_BASE_URL, else derived from the page host. */
export const apiBase = apiBaseUrl(
  window.location,
  {
    explicitBaseUrl: env.VITE_API_BASE_URL,
    fromHost: env.VITE_API_FROM_HOST,
    appEnv: env.VITE_APP_ENV,
  },
  // Vite writes the variable's value in at build time: a build that leaves it unset never reaches
  // the public suffix list, and the bundler leaves that list (a third of the app chunk) out.
  import.meta.env.VITE_API_FROM_HOST ? registrableDomain : undefined,
);
