import { z } from 'zod';

const envSchema = z.object({
  VITE_API_BASE_URL: z
    .string()
    .trim()
    .min(1, 'VITE_API_BASE_URL must not be empty when set')
    .refine((value) => value.startsWith('/') || URL.canParse(value), {
      message: 'VITE_API_BASE_URL must be a path such as /v1 or an absolute URL',
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .default('/v1'),
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
