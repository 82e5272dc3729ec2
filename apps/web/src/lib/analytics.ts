/**
 * The event-analytics port, Segment-style: PostHog (analytics-posthog.ts) or the API's own
 * endpoint (analytics-first-party.ts) plugs in behind it. Calls never throw and never wait.
 */
export interface Analytics {
  track: (event: string, properties?: Record<string, unknown>) => void;
  identify: (userId: string, traits?: Record<string, unknown>) => void;
  /** A screen was shown: its path only, never a query string. */
  page: (path: string, properties?: Record<string, unknown>) => void;
  reset: () => void;
}

export type AnalyticsCall =
  | { type: 'track'; event: string; properties: Record<string, unknown> | undefined }
  | { type: 'identify'; userId: string; traits: Record<string, unknown> | undefined }
  | { type: 'page'; path: string; properties: Record<string, unknown> | undefined }
  | { type: 'reset' };

/** Plays one recorded call on an adapter. */
export function replay(call: AnalyticsCall, to: Analytics): void {
  switch (call.type) {
    case 'track':
      return to.track(call.event, call.properties);
    case 'identify':
      return to.identify(call.userId, call.traits);
    case 'page':
      return to.page(call.path, call.properties);
    case 'reset':
      return to.reset();
  }
}

/** Calls made before the app knows its adapter (the app config is loading), at most this many. */
export const MAX_DEFERRED_CALLS = 200;

/**
 * Stands in until the app config says which adapter to use: calls wait in order (the oldest
 * kept when there are too many), then are replayed on the adapter once it is chosen.
 */
export function createDeferredAnalytics(
  maxQueued = MAX_DEFERRED_CALLS,
): Analytics & { use: (adapter: Analytics) => void } {
  let target: Analytics | null = null;
  const queued: AnalyticsCall[] = [];
  const handle = (call: AnalyticsCall) => {
    if (target) replay(call, target);
    else if (queued.length < maxQueued) queued.push(call);
  };
  return {
    track: (event, properties) => handle({ type: 'track', event, properties }),
    identify: (userId, traits) => handle({ type: 'identify', userId, traits }),
    page: (path, properties) => handle({ type: 'page', path, properties }),
    reset: () => handle({ type: 'reset' }),
    use(adapter) {
      if (target) return;
      target = adapter;
      for (const call of queued.splice(0)) replay(call, adapter);
    },
  };
}

/** Keeps calls in memory: the test double. */
export function createMemoryAnalytics(): Analytics & { calls: AnalyticsCall[] } {
  const calls: AnalyticsCall[] = [];
  return {
    calls,
    track: (event, properties) => void calls.push({ type: 'track', event, properties }),
    identify: (userId, traits) => void calls.push({ type: 'identify', userId, traits }),
    page: (path, properties) => void calls.push({ type: 'page', path, properties }),
    reset: () => void calls.push({ type: 'reset' }),
  };
}

/** Analytics receives phone numbers in +1 form (SPEC §3); the app stores ten digits. */
export function analyticsPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return `+1${digits}`;
}

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const IDENTIFY_COUNTER_KEY = 'analytics_identify_count';
export const SESSION_USER_KEY = 'analytics_user_id';

function readCounts(storage: KeyValue): Record<string, number> {
  try {
    const parsed = JSON.parse(storage.getItem(IDENTIFY_COUNTER_KEY) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * SPEC §9: identify once per browser. A counter in local storage remembers which customers this
 * browser already identified, so a sign-in sends `identify` only the first time for each; the
 * signed-in customer's id is kept in session storage for the visit. `reset` (logout) forgets
 * the visit's user, not the counter.
 */
export function identifyOncePerBrowser(
  inner: Analytics,
  storage: { local: () => KeyValue; session: () => KeyValue },
): Analytics {
  return {
    track: (event, properties) => inner.track(event, properties),
    page: (path, properties) => inner.page(path, properties),
    identify(userId, traits) {
      try {
        storage.session().setItem(SESSION_USER_KEY, userId);
      } catch {
        // Storage blocked: the visit simply has no remembered user.
      }
      const counts = readCounts(storage.local());
      if ((counts[userId] ?? 0) > 0) return;
      inner.identify(userId, traits);
      try {
        storage.local().setItem(IDENTIFY_COUNTER_KEY, JSON.stringify({ ...counts, [userId]: 1 }));
      } catch {
        // Without storage every sign-in identifies again, which is harmless.
      }
    },
    reset() {
      try {
        storage.session().removeItem(SESSION_USER_KEY);
      } catch {
        // Nothing stored.
      }
      inner.reset();
    },
  };
}
