import { z } from 'zod';
import {
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_PROPERTIES_MAX_BYTES,
} from './values/analytics-limits';
import { pageLimitSchema } from './paging';
import { text } from './text';

export {
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_PROPERTIES_MAX_BYTES,
} from './values/analytics-limits';

/** Event names (snake_case) and page paths: letters, digits and a few separators, no spaces. */
const EVENT_NAME = /^[A-Za-z0-9_$/.:%-]{1,100}$/;
/** The browser's random analytics id. */
const ANONYMOUS_ID = /^[A-Za-z0-9_-]{8,64}$/;

const propertyScalar = z.union([text().max(500), z.number().finite(), z.boolean(), z.null()]);

/**
 * Flat properties: each value a string, number, boolean, null or a short list of those, within
 * a total size, so no one can store documents through the analytics endpoint.
 */
export const analyticsPropertiesSchema = z
  .record(
    text()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_$]+$/, 'property names are letters, digits and _'),
    z.union([propertyScalar, z.array(propertyScalar).max(20)]),
  )
  .refine(
    (value) =>
      new TextEncoder().encode(JSON.stringify(value)).length <= ANALYTICS_PROPERTIES_MAX_BYTES,
    `properties must take at most ${ANALYTICS_PROPERTIES_MAX_BYTES} bytes`,
  );
export type AnalyticsProperties = z.infer<typeof analyticsPropertiesSchema>;

/**
 * One event from the browser. `name` is the event for `track`, the path for `page`, and absent
 * for `identify` (whose properties are the traits). Who the customer is comes from the access
 * token alone; anything else the client says about it is ignored.
 */
export const analyticsEventInputSchema = z
  .object({
    type: z.enum(['identify', 'track', 'page']),
    name: z
      .string()
      .regex(EVENT_NAME, 'name: letters, digits, _ $ / . : % - and at most 100 characters')
      .nullish(),
    anonymous_id: z.string().regex(ANONYMOUS_ID, 'anonymous_id: 8 to 64 letters, digits, _ or -'),
    properties: analyticsPropertiesSchema.default({}),
    occurred_at: z.iso.datetime({ offset: true }),
  })
  .refine((event) => (event.type === 'identify') === (event.name == null), {
    message: 'track and page events need a name; identify has none',
    path: ['name'],
  });
export type AnalyticsEventInput = z.input<typeof analyticsEventInputSchema>;

export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventInputSchema).min(1).max(ANALYTICS_BATCH_MAX_EVENTS),
});
export type AnalyticsBatch = z.input<typeof analyticsBatchSchema>;

/** Sandbox: whose events to read, newest first, a keyset page at a time. */
export const sandboxAnalyticsQuerySchema = z
  .object({
    anonymous_id: z.string().regex(ANONYMOUS_ID, 'anonymous_id is not valid').optional(),
    user_id: z.uuid({ error: 'user_id must be a UUID' }).optional(),
    limit: pageLimitSchema(50),
    cursor: z.string().max(200).optional(),
  })
  .refine((q) => (q.anonymous_id === undefined) !== (q.user_id === undefined), {
    message: 'Give either anonymous_id or user_id',
  });

export const storedAnalyticsEventSchema = z.object({
  id: z.uuid(),
  type: z.enum(['identify', 'track', 'page']),
  name: z.string().nullable(),
  anonymous_id: z.string(),
  user_id: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()),
  source: z.enum(['web', 'server']),
  occurred_at: z.iso.datetime({ offset: true }),
  created_at: z.iso.datetime({ offset: true }),
});
export type StoredAnalyticsEvent = z.infer<typeof storedAnalyticsEventSchema>;

export const storedAnalyticsEventPageSchema = z.object({
  data: z.array(storedAnalyticsEventSchema),
  next_cursor: z.string().nullable(),
});
