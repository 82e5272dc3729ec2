import { describe, expect, it, vi } from 'vitest';
import { createPostHogAnalytics, postHogConfig, type PostHogClient } from './analytics-posthog';
import { connectConfiguredAnalytics } from './configured-analytics';
import { createMemoryAnalytics, type Analytics } from './analytics';
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
      ['capture', 'claim_viewed', { a: 1 }],
      ['capture', '$pageview', { $pathname: '/home', $current_url: '/home' }],
      ['reset'],
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

  it('loads PostHog only when a key is configured', async () => {
    const chosen: Analytics[] = [];
    const posthog = createMemoryAnalytics();
    const firstParty = createMemoryAnalytics();
    const loadPostHog = vi.fn(() => Promise.resolve(posthog as Analytics));
    await connectConfiguredAnalytics(
      { use: (a) => void chosen.push(a) },
      () => Promise.resolve(config({ provider: 'posthog', key: 'phc_1', host: 'https://ph.test' })),
      () => firstParty,
      loadPostHog,
    );
    expect(loadPostHog).toHaveBeenCalledWith('phc_1', 'https://ph.test');
    expect(chosen).toEqual([posthog]);

    const loadAgain = vi.fn(() => Promise.resolve(posthog as Analytics));
    await connectConfiguredAnalytics(
      { use: (a) => void chosen.push(a) },
      () => Promise.resolve(config({ provider: 'first_party', key: null, host: null })),
      () => firstParty,
      loadAgain,
    );
    expect(loadAgain).not.toHaveBeenCalled();
    expect(chosen.at(-1)).toBe(firstParty);
  });

  it('falls back to the first-party endpoint when the config cannot be loaded', async () => {
    const chosen: Analytics[] = [];
    const firstParty = createMemoryAnalytics();
    await connectConfiguredAnalytics(
      { use: (a) => void chosen.push(a) },
      () => Promise.reject(new Error('offline')),
      () => firstParty,
    );
    expect(chosen).toEqual([firstParty]);
  });
});
