import { describe, expect, it, vi } from 'vitest';
import { createPostHogAnalytics, postHogConfig, type PostHogClient } from './analytics-posthog';
import {
  ANALYTICS_PROVIDER_KEY,
  connectConfiguredAnalytics,
  type ConfiguredAnalyticsOptions,
} from './configured-analytics';
import { createDeferredAnalytics, createMemoryAnalytics, type Analytics } from './analytics';
import type { AppConfig } from '@refund/contracts/app-config';

function fakePostHog() {
  const calls: unknown[][] = [];
  const client: PostHogClient = {
    identify: (...args) => void calls.push(['identify', ...args]),
    capture: (...args) => void calls.push(['capture', ...args]),
    reset: () => void calls.push(['reset']),
  };
  return { client, calls };
}

describe('PostHog analytics', () => {
  it('maps identify, track, page and reset onto PostHog', () => {
    const { client, calls } = fakePostHog();
    const analytics = createPostHogAnalytics(client);
    analytics.identify('user-1', { email: 'a@example.com' });
    analytics.track('claim_viewed', { a: 1 });
    analytics.page('/home');
    analytics.reset();
    expect(calls).toEqual([
      ['identify', 'user-1', { email: 'a@example.com' }],
      ['capture', 'claim_viewed', { a: 1 }, undefined],
      ['capture', '$pageview', { $pathname: '/home', $current_url: '/home' }, undefined],
      ['reset'],
    ]);
  });

  it('captures a call held while the app loaded at the time it was made', () => {
    const { client, calls } = fakePostHog();
    const analytics = createPostHogAnalytics(client);
    const timestamp = new Date('2026-11-30T07:00:00.000Z');
    analytics.track('claim_viewed', undefined, { timestamp });
    analytics.page('/home', undefined, { timestamp });
    expect(calls).toEqual([
      ['capture', 'claim_viewed', undefined, { timestamp }],
      ['capture', '$pageview', { $pathname: '/home', $current_url: '/home' }, { timestamp }],
    ]);
  });

  it('never throws when PostHog does', () => {
    const analytics = createPostHogAnalytics({
      identify: () => {
        throw new Error('blocked');
      },
      capture: () => {
        throw new Error('blocked');
      },
      reset: () => {
        throw new Error('blocked');
      },
    });
    expect(() => {
      analytics.identify('u');
      analytics.track('e');
      analytics.page('/');
      analytics.reset();
    }).not.toThrow();
  });

  it('is configured as SPEC §9 says, without input capture, recordings or outside scripts', () => {
    expect(postHogConfig('https://eu.i.posthog.com')).toMatchObject({
      api_host: 'https://eu.i.posthog.com',
      persistence: 'cookie',
      cookie_expiration: 365,
      session_idle_timeout_seconds: 1800,
      autocapture: { dom_event_allowlist: ['click'], element_allowlist: ['a', 'button'] },
      disable_session_recording: true,
      capture_pageview: false,
      disable_external_dependency_loading: true,
    });
  });
});

describe('choosing the adapter from the app config', () => {
  const config = (analytics: AppConfig['analytics']) => ({ analytics }) as AppConfig;
  const postHogConfigured = config({ provider: 'posthog', key: 'phc_1', host: 'https://ph.test' });
  const firstPartyConfigured = config({ provider: 'first_party', key: null, host: null });

  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
  }

  /**
   * A page of the app in a browser keeping `storage`: its analytics, connected as the app
   * connects them, and its configuration read, which answers when the test says so.
   */
  function openPage(
    storage: ReturnType<typeof memoryStorage>,
    adapters: Pick<ConfiguredAnalyticsOptions, 'firstParty' | 'loadPostHog'>,
  ) {
    const analytics = createDeferredAnalytics();
    let answer: (value: AppConfig) => void = () => undefined;
    const read = new Promise<AppConfig>((resolve) => {
      answer = resolve;
    });
    const done = connectConfiguredAnalytics(analytics, {
      loadConfig: () => read,
      storage: () => storage,
      ...adapters,
    });
    return {
      analytics,
      /** The configuration arrives; resolves once the adapter it names is chosen. */
      configure: async (value: AppConfig) => {
        answer(value);
        await done;
      },
    };
  }

  it('loads PostHog only when a key is configured', async () => {
    const chosen: Analytics[] = [];
    const posthog = createMemoryAnalytics();
    const firstParty = createMemoryAnalytics();
    const loadPostHog = vi.fn(() => Promise.resolve(posthog as Analytics));
    await connectConfiguredAnalytics(
      { use: (a) => void chosen.push(a) },
      {
        loadConfig: () => Promise.resolve(postHogConfigured),
        firstParty: () => firstParty,
        loadPostHog,
      },
    );
    expect(loadPostHog).toHaveBeenCalledWith('phc_1', 'https://ph.test');
    expect(chosen).toEqual([posthog]);

    const loadAgain = vi.fn(() => Promise.resolve(posthog as Analytics));
    await connectConfiguredAnalytics(
      { use: (a) => void chosen.push(a) },
      {
        loadConfig: () => Promise.resolve(firstPartyConfigured),
        firstParty: () => firstParty,
        loadPostHog: loadAgain,
      },
    );
    expect(loadAgain).not.toHaveBeenCalled();
    expect(chosen.at(-1)).toBe(firstParty);
  });

  it('falls back to the first-party endpoint when the config cannot be loaded', async () => {
    const chosen: Analytics[] = [];
    const firstParty = createMemoryAnalytics();
    await connectConfiguredAnalytics(
      { use: (a) => void chosen.push(a) },
      { loadConfig: () => Promise.reject(new Error('offline')), firstParty: () => firstParty },
    );
    expect(chosen).toEqual([firstParty]);
  });

  it('starts the next page on the first-party endpoint at once, with one adapter for the page', async () => {
    const storage = memoryStorage();
    const made: Analytics[] = [];
    const firstParty = () => {
      const adapter = createMemoryAnalytics();
      made.push(adapter);
      return adapter;
    };

    // The first page in this browser waits for the configuration, and remembers what it said.
    const firstPage = openPage(storage, { firstParty });
    expect(made).toHaveLength(0);
    await firstPage.configure(firstPartyConfigured);
    expect(storage.getItem(ANALYTICS_PROVIDER_KEY)).toBe('first_party');

    // The next page sends its first events before its configuration has loaded.
    const nextPage = openPage(storage, { firstParty });
    nextPage.analytics.page('/profile');
    expect(made).toHaveLength(2);
    const adapter = made[1] as ReturnType<typeof createMemoryAnalytics>;
    expect(adapter.calls).toEqual([expect.objectContaining({ type: 'page', path: '/profile' })]);
    await nextPage.configure(firstPartyConfigured);
    // The same adapter goes on: none made again, nothing replayed twice.
    expect(made).toHaveLength(2);
    nextPage.analytics.track('claim_viewed');
    expect(adapter.calls.map((c) => c.type)).toEqual(['page', 'track']);
  });

  it('moves on to PostHog when the configuration now names it', async () => {
    const storage = memoryStorage();
    storage.setItem(ANALYTICS_PROVIDER_KEY, 'first_party');
    const firstParty = createMemoryAnalytics();
    const posthog = createMemoryAnalytics();
    const adapters = {
      firstParty: () => firstParty,
      loadPostHog: () => Promise.resolve(posthog),
    };
    const page = openPage(storage, adapters);
    page.analytics.page('/');
    await page.configure(postHogConfigured);
    page.analytics.track('claim_viewed');
    expect(firstParty.calls.map((c) => c.type)).toEqual(['page']);
    expect(posthog.calls.map((c) => c.type)).toEqual(['track']);
    expect(storage.getItem(ANALYTICS_PROVIDER_KEY)).toBe('posthog');

    // A page that remembers PostHog waits for its configuration (posthog-js loads with it).
    const later = openPage(storage, adapters);
    later.analytics.page('/profile');
    expect(firstParty.calls).toHaveLength(1);
    await later.configure(postHogConfigured);
    expect(posthog.calls.map((c) => c.type)).toEqual(['track', 'page']);
  });
});
