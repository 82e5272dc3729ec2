// Apart from the schemas of analytics.ts, so that a client can batch its events before it loads
// any schema.

/** The most events one request to `POST /v1/analytics/events` may carry. */
export const ANALYTICS_BATCH_MAX_EVENTS = 50;
/** The most one event's properties may take, as JSON (UTF-8 bytes). */
export const ANALYTICS_PROPERTIES_MAX_BYTES = 4096;
