import type { PostHogConfig } from 'posthog-js';
import type { Analytics, AnalyticsCallOptions } from './analytics';

/** The part of posthog-js the adapter uses. */
export interface PostHogClient {
  identify: (distinctId: string, properties?: Record<string, unknown>) => void;
  capture: (
    event: string,
    properties?: Record<string, unknown>,
    options?: { timestamp?: Date },
  ) => unknown;
  reset: () => void;
}

/**
 * SPEC §9 in PostHog's terms: a first-party cookie for about a year, a new session after 30
 * minutes without events. Clicks on links and buttons only (never what is typed), their text
 * masked; no session recording, surveys or page views of its own (the app sends `page`), and
 * no scripts loaded from PostHog's servers.
 */
export function postHogConfig(host: string): Partial<PostHogConfig> {
  return {
    api_host: host,
    persistence: 'cookie',
    cookie_expiration: 365,
    session_idle_timeout_seconds: 1800,
    autocapture: { dom_event_allowlist: ['click'], element_allowlist: ['a', 'button'] },
    mask_all_text: true,
    mask_all_element_attributes: true,
    capture_pageview: false,
    capture_pageleave: false,
    disable_session_recording: true,
    disable_surveys: true,
    // Events go to the host alone; no scripts are fetched from it (the page's CSP allows none).
    disable_external_dependency_loading: true,
  };
}

/** A held call's time as PostHog's capture option; PostHog's identify takes none. */
const timestampOf = (options: AnalyticsCallOptions | undefined) =>
  options?.timestamp ? { timestamp: options.timestamp } : undefined;

/** The port on a PostHog client: `page` is PostHog's `$pageview` with the path. */
export function createPostHogAnalytics(client: PostHogClient): Analytics {
  const guarded =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      try {
        fn(...args);
      } catch {
        // Analytics never breaks the app.
      }
    };
  return {
    identify: guarded((userId: string, traits?: Record<string, unknown>) =>
      client.identify(userId, traits),
    ),
    track: guarded(
      (event: string, properties?: Record<string, unknown>, options?: AnalyticsCallOptions) => {
        client.capture(event, properties, timestampOf(options));
      },
    ),
    page: guarded(
      (path: string, properties?: Record<string, unknown>, options?: AnalyticsCallOptions) => {
        client.capture(
          '$pageview',
          { ...properties, $pathname: path, $current_url: path },
          timestampOf(options),
        );
      },
    ),
    reset: guarded(() => client.reset()),
  };
}

/** Loads posthog-js (its own chunk, fetched only when a key is configured) and starts it. */
export async function loadPostHogAnalytics(key: string, host: string): Promise<Analytics> {
  const { posthog } = await import('posthog-js');
  posthog.init(key, postHogConfig(host));
  return createPostHogAnalytics(posthog);
}
