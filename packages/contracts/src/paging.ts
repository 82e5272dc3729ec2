import { z } from 'zod';

/** How many rows a list answers at once: 1 to 100, `fallback` when not asked. */
export const pageLimitSchema = (fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(fallback);

/** A keyset page: how many, and after which row (the cursor the last page answered). */
export const keysetPageQuerySchema = z.object({
  limit: pageLimitSchema(20),
  cursor: z.string().max(200).optional(),
});
