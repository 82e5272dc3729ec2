import type { FastifyBaseLogger } from 'fastify';
import type { PostHog } from 'posthog-node';
import { createBatcher } from '../../db/batcher';
import type { Db } from '../../db/database';
import { insertRows } from '../../db/insert-rows';
import { analyticsEvents } from '../../db/schema';

/** The events the server reports, where the truth is (snake_case, like the web app's). */
export type ServerEventName = 'refund_claimed' | 'redemption_created';

export interface ServerEvent {
  /** The customer the event is about. */
  userId: string;
  name: ServerEventName;
  /** Facts about the event; never personal data (no phone, e-mail, names, card or codes). */
  properties: Record<string, string | number | boolean | null>;
}

/**
 * The server-side analytics port. `capture` hands the event over and returns at once: it is
 * never awaited in a request, and a failure to record it is logged, never thrown.
 */
export interface ServerAnalytics {
  capture(event: ServerEvent): void;
  /** Sends or writes what is still pending; called once on shutdown. */
  close(): Promise<void>;
}

/** The most events one insert writes. */
const TABLE_BATCH = 500;

/**
 * Without a PostHog key: the events go to the analytics table, beside the web app's. Events
 * captured while an insert is running wait for it and go together in the next, one statement
 * and one commit however many requests report at once (a busy server reports one event per
 * redemption, and a commit each would compete with the redemptions' own).
 */
export function createTableServerAnalytics(db: Db, logger: FastifyBaseLogger): ServerAnalytics {
  const pending = new Set<Promise<void>>();
  const writer = createBatcher<ServerEvent & { occurredAt: Date }, void>({
    maxBatch: TABLE_BATCH,
    maxInFlight: 1,
    async run(events) {
      try {
        await insertRows(
          db,
          analyticsEvents,
          events.map((event) => ({
            type: 'track' as const,
            name: event.name,
            // Server events have no browser: the customer's id stands in for it.
            anonymousId: event.userId,
            userId: event.userId,
            properties: event.properties,
            source: 'server' as const,
            occurredAt: event.occurredAt,
          })),
        );
      } catch (error) {
        logger.warn(
          { err: error, events: events.length, event: events[0]?.name },
          'analytics events were not recorded',
        );
      }
      return events.map(() => undefined);
    },
  });
  return {
    capture(event) {
      const write = writer.submit({ ...event, occurredAt: new Date() });
      pending.add(write);
      void write.finally(() => pending.delete(write));
    },
    async close() {
      await Promise.all(pending);
    },
  };
}

export interface PostHogServerOptions {
  key: string;
  host: string;
  logger: FastifyBaseLogger;
  /** Events sent together; 20 by default. */
  flushAt?: number;
  /** Longest wait before a batch goes, in milliseconds; 10 s by default. */
  flushIntervalMs?: number;
}

/** SPEC §9: a request to the analytics service gives up after 10 seconds. */
export const ANALYTICS_REQUEST_TIMEOUT_MS = 10_000;

/**
 * With a PostHog key: posthog-node batches the events and sends them in the background. Its
 * code (55 modules) loads as the server starts, not before: events captured meanwhile wait for
 * it, in their order.
 */
export function createPostHogServerAnalytics(options: PostHogServerOptions): ServerAnalytics {
  const client: Promise<PostHog> = import('posthog-node').then(({ PostHog }) => {
    const loaded = new PostHog(options.key, {
      host: options.host,
      flushAt: options.flushAt ?? 20,
      flushInterval: options.flushIntervalMs ?? 10_000,
      requestTimeout: ANALYTICS_REQUEST_TIMEOUT_MS,
      fetchRetryCount: 1,
      // The server's address is not the customer's location.
      disableGeoip: true,
    });
    loaded.on('error', (error: unknown) =>
      options.logger.warn({ err: error }, 'analytics events were not delivered'),
    );
    return loaded;
  });
  const dropped = (error: unknown, event?: string) =>
    options.logger.warn({ err: error, event }, 'an analytics event was dropped');
  return {
    capture(event) {
      client
        .then((loaded) =>
          loaded.capture({
            distinctId: event.userId,
            event: event.name,
            properties: { ...event.properties, source: 'server' },
          }),
        )
        .catch((error: unknown) => dropped(error, event.name));
    },
    async close() {
      await (await client).shutdown(ANALYTICS_REQUEST_TIMEOUT_MS);
    },
  };
}

export function createServerAnalytics(
  config: { POSTHOG_KEY?: string | undefined; POSTHOG_HOST: string },
  db: Db,
  logger: FastifyBaseLogger,
): ServerAnalytics {
  return config.POSTHOG_KEY
    ? createPostHogServerAnalytics({ key: config.POSTHOG_KEY, host: config.POSTHOG_HOST, logger })
    : createTableServerAnalytics(db, logger);
}
