import type { AppConfig } from '@refund/contracts/app-config';
import type { Analytics } from './analytics';
import { loadPostHogAnalytics } from './analytics-posthog';

/**
 * Chooses the analytics adapter once the app configuration is known: PostHog when the server
 * hands out a key (posthog-js is downloaded only then), else the API's own endpoint. When the
 * configuration or PostHog cannot be loaded, the API's endpoint takes the events.
 */
export async function connectConfiguredAnalytics(
  deferred: { use: (adapter: Analytics) => void },
  loadConfig: () => Promise<AppConfig>,
  firstParty: () => Analytics,
  loadPostHog: (key: string, host: string) => Promise<Analytics> = loadPostHogAnalytics,
): Promise<void> {
  try {
    const { analytics } = await loadConfig();
    if (analytics.provider === 'posthog' && analytics.key && analytics.host) {
      deferred.use(await loadPostHog(analytics.key, analytics.host));
      return;
    }
  } catch {
    // Fall through to the first-party endpoint.
  }
  deferred.use(firstParty());
}
