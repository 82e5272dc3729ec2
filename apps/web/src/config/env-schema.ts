import { z } from 'zod';

// The build's settings (VITE_*), read by vite.config.ts when it builds: a build with a bad value
// fails with every problem listed, and the app reads the parsed values (env.ts) without loading
// zod for them.

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

/** Fails the build with every problem listed, rather than the app at its first request. */
export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- ${issue.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return result.data;
}
