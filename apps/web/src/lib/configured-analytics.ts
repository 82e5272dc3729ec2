import type { AppConfig } from '@refund/contracts/app-config';
import type { Analytics } from './analytics';
import { loadPostHogAnalytics } from './analytics-posthog';

/** Local storage: the adapter the app config named last, so the next page starts with it. */
export const ANALYTICS_PROVIDER_KEY = 'analytics_provider';

type Provider = AppConfig['analytics']['provider'];
type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;

export interface ConfiguredAnalyticsOptions {
  loadConfig: () => Promise<AppConfig>;
  /** The API's own endpoint; made once, whether it is chosen early, late or both. */
  firstParty: () => Analytics;
  loadPostHog?: (key: string, host: string) => Promise<Analytics>;
  /** Local storage, where the choice is remembered for the next page. */
  storage?: () => KeyValue;
}

function remembered(storage: (() => KeyValue) | undefined): Provider | null {
  try {
    const value = storage?.().getItem(ANALYTICS_PROVIDER_KEY);
    return value === 'posthog' || value === 'first_party' ? value : null;
  } catch {
    return null;
  }
}

function remember(storage: (() => KeyValue) | undefined, provider: Provider): void {
  try {
    storage?.().setItem(ANALYTICS_PROVIDER_KEY, provider);
  } catch {
    // Not remembered: the next page waits for the configuration again.
  }
}

/**
 * Chooses the analytics adapter once the app configuration is known: PostHog when the server
 * hands out a key (posthog-js is downloaded only then), else the API's own endpoint. When the
 * configuration or PostHog cannot be loaded, the API's endpoint takes the events.
 *
 * The configuration is read once the first screen is shown. So that a page's first events go at
 * once with the customer's session (and are not held while it loads), a page whose last
 * configuration in this browser named the API's endpoint starts with it; should the new one name
 * PostHog, the events from then on go there.
 */
export async function connectConfiguredAnalytics(
  deferred: { use: (adapter: Analytics) => void },
  options: ConfiguredAnalyticsOptions,
): Promise<void> {
  let made: Analytics | null = null;
  const firstParty = () => (made ??= options.firstParty());
  if (remembered(options.storage) === 'first_party') deferred.use(firstParty());
  try {
    const { analytics } = await options.loadConfig();
    if (analytics.provider === 'posthog' && analytics.key && analytics.host) {
      remember(options.storage, 'posthog');
      const loadPostHog = options.loadPostHog ?? loadPostHogAnalytics;
      deferred.use(await loadPostHog(analytics.key, analytics.host));
      return;
    }
    remember(options.storage, 'first_party');
  } catch {
    // Fall through to the first-party endpoint.
  }
  deferred.use(firstParty());
}
