/** When a call was made, for an adapter given it later (a call held while the app loads). */
export interface AnalyticsCallOptions {
  readonly timestamp?: Date;
}

/**
 * The event-analytics port, Segment-style: PostHog (analytics-posthog.ts) or the API's own
 * endpoint (analytics-first-party.ts) plugs in behind it. Calls never throw and never wait.
 */
export interface Analytics {
  track: (
    event: string,
    properties?: Record<string, unknown>,
    options?: AnalyticsCallOptions,
  ) => void;
  identify: (
    userId: string,
    traits?: Record<string, unknown>,
    options?: AnalyticsCallOptions,
  ) => void;
  /** A screen was shown: its path only, never a query string. */
  page: (
    path: string,
    properties?: Record<string, unknown>,
    options?: AnalyticsCallOptions,
  ) => void;
  reset: () => void;
}

type Properties = Record<string, unknown> | undefined;

/** A call as it was made; `at` (milliseconds since the epoch) when it is to be replayed later. */
export type AnalyticsCall =
  | { type: 'track'; event: string; properties: Properties; at?: number }
  | { type: 'identify'; userId: string; traits: Properties; at?: number }
  | { type: 'page'; path: string; properties: Properties; at?: number }
  | { type: 'reset' };

/** Plays one recorded call on an adapter, at the time it was made. */
export function replay(call: AnalyticsCall, to: Analytics): void {
  if (call.type === 'reset') return to.reset();
  const options = call.at === undefined ? undefined : { timestamp: new Date(call.at) };
  switch (call.type) {
    case 'track':
      return to.track(call.event, call.properties, options);
    case 'identify':
      return to.identify(call.userId, call.traits, options);
    case 'page':
      return to.page(call.path, call.properties, options);
  }
}

/** Calls made before the app knows its adapter (the app config is loading), at most this many. */
export const MAX_DEFERRED_CALLS = 200;
/** Session storage: the calls held when a page went away before its adapter was chosen. */
export const HELD_CALLS_KEY = 'analytics_held_calls';

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isProperties = (value: unknown): value is Properties =>
  value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value));

/**
 * A call read back from storage, or null for anything else found there. Checked by hand: this
 * runs as the app starts, which keeps zod and the schemas off its first download.
 */
function heldCall(value: unknown): AnalyticsCall | null {
  if (typeof value !== 'object' || value === null) return null;
  const call = value as Record<string, unknown>;
  if (call.type === 'reset') return { type: 'reset' };
  if (typeof call.at !== 'number' || !Number.isFinite(call.at)) return null;
  const at = call.at;
  if (call.type === 'track' && typeof call.event === 'string' && isProperties(call.properties)) {
    return { type: 'track', event: call.event, properties: call.properties, at };
  }
  if (call.type === 'page' && typeof call.path === 'string' && isProperties(call.properties)) {
    return { type: 'page', path: call.path, properties: call.properties, at };
  }
  if (call.type === 'identify' && typeof call.userId === 'string' && isProperties(call.traits)) {
    return { type: 'identify', userId: call.userId, traits: call.traits, at };
  }
  return null;
}

export interface DeferredAnalyticsOptions {
  /** The most calls held (the oldest are kept). */
  maxQueued?: number;
  /** The tab's session storage: where held calls wait for the next page when this one goes. */
  storage?: () => KeyValue;
  /** Called with the function that puts the held calls in storage when the page goes away. */
  onPageHide?: (keep: () => void) => void;
  now?: () => number;
}

/**
 * Stands in until the app config says which adapter to use: calls wait in order with the time
 * they were made (the oldest kept when there are too many), then are replayed on the adapter once
 * it is chosen; a later `use` sends the calls from then on to another adapter. A page that goes
 * away before the first (a link followed at once) leaves them in the tab's session storage, and
 * the next page of the tab replays them first: a screen's events are not lost because the
 * customer moved on quickly.
 */
export function createDeferredAnalytics(
  options: DeferredAnalyticsOptions = {},
): Analytics & { use: (adapter: Analytics) => void } {
  const maxQueued = options.maxQueued ?? MAX_DEFERRED_CALLS;
  const now = options.now ?? (() => Date.now());
  let target: Analytics | null = null;

  /** What an earlier page of the tab left, taken out of storage so it is replayed once only. */
  const takeHeld = (): AnalyticsCall[] => {
    if (!options.storage) return [];
    try {
      const storage = options.storage();
      const raw = storage.getItem(HELD_CALLS_KEY);
      storage.removeItem(HELD_CALLS_KEY);
      const parsed = JSON.parse(raw ?? '[]') as unknown;
      if (!Array.isArray(parsed)) return [];
      return parsed.flatMap((value) => heldCall(value) ?? []);
    } catch {
      return [];
    }
  };
  const queued: AnalyticsCall[] = takeHeld().slice(0, maxQueued);

  const handle = (call: AnalyticsCall) => {
    if (target) replay(call, target);
    else if (queued.length < maxQueued) queued.push(call);
  };
  options.onPageHide?.(() => {
    if (target || queued.length === 0 || !options.storage) return;
    try {
      // A page kept for the back button and shown again finds them there too (see `use`).
      const held = [...takeHeld(), ...queued].slice(0, maxQueued);
      options.storage().setItem(HELD_CALLS_KEY, JSON.stringify(held));
      queued.length = 0;
    } catch {
      // Storage full or blocked: they stay here, and go if this page is shown again.
    }
  });
  return {
    track: (event, properties) => handle({ type: 'track', event, properties, at: now() }),
    identify: (userId, traits) => handle({ type: 'identify', userId, traits, at: now() }),
    page: (path, properties) => handle({ type: 'page', path, properties, at: now() }),
    reset: () => handle({ type: 'reset' }),
    use(adapter) {
      if (target === adapter) return;
      target = adapter;
      for (const call of [...takeHeld(), ...queued.splice(0)]) replay(call, adapter);
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
    track: (event, properties, options) => inner.track(event, properties, options),
    page: (path, properties, options) => inner.page(path, properties, options),
    identify(userId, traits, options) {
      try {
        storage.session().setItem(SESSION_USER_KEY, userId);
      } catch {
        // Storage blocked: the visit simply has no remembered user.
      }
      const counts = readCounts(storage.local());
      if ((counts[userId] ?? 0) > 0) return;
      inner.identify(userId, traits, options);
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
