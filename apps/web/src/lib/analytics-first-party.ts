import type { AnalyticsEventInput } from '@refund/contracts/analytics';
import { ANALYTICS_BATCH_MAX_EVENTS } from '@refund/contracts/values/analytics-limits';
import type { Analytics, AnalyticsCallOptions } from './analytics';

/** SPEC §9: an analytics request gives up after 10 seconds. */
export const ANALYTICS_REQUEST_TIMEOUT_MS = 10_000;
/** SPEC §9: a new analytics session starts after 30 minutes without events. */
export const ANALYTICS_SESSION_TIMEOUT_MS = 30 * 60 * 1000;
/** SPEC §9: the browser's analytics id lasts about a year. */
export const ANONYMOUS_ID_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Events wait this long for others to go with them. */
export const FLUSH_DELAY_MS = 2_000;
/** A batch this size goes at once. */
export const FLUSH_AT_EVENTS = 20;

export const ANONYMOUS_ID_COOKIE = 'rw_aid';
export const ANONYMOUS_ID_KEY = 'analytics_anonymous_id';
export const SESSION_KEY = 'analytics_session';

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The first-party cookie jar: `document.cookie` in the browser. */
export interface CookieJar {
  get: (name: string) => string | null;
  set: (name: string, value: string, maxAgeSeconds: number) => void;
}

export interface FirstPartyAnalyticsOptions {
  /** `POST` target: the API's `/v1/analytics/events`. */
  endpoint: string;
  /** The signed-in customer's access token, if any: the server attributes events by it alone. */
  getToken: () => string | null;
  fetch: typeof fetch;
  cookies: CookieJar;
  /** Where the analytics id goes when cookies are blocked, and the session is kept. */
  local: () => KeyValue;
  timers: {
    setTimeout: (callback: () => void, ms: number) => unknown;
    clearTimeout: (handle: unknown) => void;
  };
  now?: () => number;
  newId?: () => string;
  /** Called with the function that sends everything at once when the page goes away. */
  onPageHide?: (flushNow: () => void) => void;
}

interface Pending {
  event: AnalyticsEventInput;
  /** The token when the event happened, so a logout does not strip earlier events of it. */
  token: string | null;
  /** The sign-in it happened under, counted by `reset` (a sign-out starts the next). */
  signIn: number;
  retried: boolean;
}

type Scalar = string | number | boolean | null;

/** What the endpoint takes: flat values, strings cut short; anything else is left out. */
export function flatProperties(
  properties: Record<string, unknown> | undefined,
): Record<string, Scalar> {
  const flat: Record<string, Scalar> = {};
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (!/^[A-Za-z0-9_$]{1,100}$/.test(key)) continue;
    if (typeof value === 'string') flat[key] = value.slice(0, 500);
    else if (typeof value === 'number' && Number.isFinite(value)) flat[key] = value;
    else if (typeof value === 'boolean' || value === null) flat[key] = value;
  }
  return flat;
}

/** The longest a rate-limited batch waits: the endpoint's limit is per minute. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** A Retry-After of seconds as a wait, FLUSH_DELAY_MS when absent or unreadable, at most a minute. */
export function retryDelayMs(retryAfter: string | null): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds < 0) return FLUSH_DELAY_MS;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(FLUSH_DELAY_MS, seconds * 1000));
}

/** A random id the endpoint accepts (letters, digits and dashes). */
const randomId = () => crypto.randomUUID();

/**
 * Analytics through the API's own endpoint, for when no analytics service is configured. Events
 * are batched (sent after a short wait, at 20 events, and when the page goes away), one request
 * at a time so they arrive in order. A failed request is tried once more, then dropped; nothing
 * here throws or holds up the screen.
 */
export function createFirstPartyAnalytics(options: FirstPartyAnalyticsOptions): Analytics & {
  /** Sends what is waiting now. */
  flush: () => Promise<void>;
  /** The browser's analytics id, as events carry it. */
  anonymousId: () => string;
} {
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? randomId;
  const queue: Pending[] = [];
  let timer: unknown = null;
  let sending: Promise<void> | null = null;
  let anonymousId: string | null = null;
  /** The sign-in events are made under, counted by `reset`. */
  let signIn = 0;
  /** Before this time nothing is sent, but when the page goes away: the last try failed. */
  let pausedUntil = 0;

  function storeAnonymousId(id: string) {
    try {
      options.cookies.set(ANONYMOUS_ID_COOKIE, id, ANONYMOUS_ID_MAX_AGE_SECONDS);
      if (options.cookies.get(ANONYMOUS_ID_COOKIE) === id) return;
    } catch {
      // Cookies blocked: local storage instead.
    }
    try {
      options.local().setItem(ANONYMOUS_ID_KEY, id);
    } catch {
      // Nowhere to keep it: the id lasts as long as the page.
    }
  }

  function currentAnonymousId(): string {
    if (anonymousId) return anonymousId;
    let stored: string | null;
    try {
      stored = options.cookies.get(ANONYMOUS_ID_COOKIE);
    } catch {
      stored = null;
    }
    if (!stored) {
      try {
        stored = options.local().getItem(ANONYMOUS_ID_KEY);
      } catch {
        stored = null;
      }
    }
    anonymousId = stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored) ? stored : newId();
    // Written again each visit, so the year counts from the last visit.
    storeAnonymousId(anonymousId);
    return anonymousId;
  }

  function readSession(): { id: string; last: number } | null {
    try {
      const stored = JSON.parse(options.local().getItem(SESSION_KEY) ?? 'null') as unknown;
      if (typeof stored !== 'object' || stored === null) return null;
      const { id, last } = stored as Record<string, unknown>;
      return typeof id === 'string' && typeof last === 'number' ? { id, last } : null;
    } catch {
      return null;
    }
  }

  /** The visit's session id, renewed after 30 minutes without an event. */
  function sessionId(at: number): string {
    const session = readSession();
    const id = session && at - session.last < ANALYTICS_SESSION_TIMEOUT_MS ? session.id : newId();
    try {
      options.local().setItem(SESSION_KEY, JSON.stringify({ id, last: at }));
    } catch {
      // Without storage each event is its own session: harmless.
    }
    return id;
  }

  function schedule(delayMs: number) {
    if (timer !== null) return;
    timer = options.timers.setTimeout(() => {
      timer = null;
      void flush();
    }, delayMs);
  }

  function enqueue(
    type: AnalyticsEventInput['type'],
    name: string | null,
    properties: Record<string, unknown> | undefined,
    made: AnalyticsCallOptions | undefined,
  ) {
    try {
      const at = made?.timestamp?.getTime() ?? now();
      const token = options.getToken();
      // Someone signed in or out: what came before goes now, so the batches under each token
      // are not still waiting together when the page goes away (those go out side by side).
      const tokenChanged = queue.length > 0 && queue[queue.length - 1]?.token !== token;
      queue.push({
        event: {
          type,
          name,
          anonymous_id: currentAnonymousId(),
          properties: { ...flatProperties(properties), session_id: sessionId(at) },
          occurred_at: new Date(at).toISOString(),
        },
        token,
        signIn,
        retried: false,
      });
      if (tokenChanged || queue.length >= FLUSH_AT_EVENTS) void flush();
      else schedule(FLUSH_DELAY_MS);
    } catch {
      // Analytics never breaks the app.
    }
  }

  /** The next batch: the oldest events that share one token, at most 50. */
  function takeBatch(): Pending[] {
    // A token refreshed since an event under the same sign-in (a page opened with the last
    // visit's token, which start-up then refreshes) is the one it goes with: the stale one
    // would read as signed out. Events from before a sign-in stay anonymous.
    const current = options.getToken();
    if (current !== null) {
      for (const pending of queue) {
        if (pending.signIn === signIn && pending.token !== null) pending.token = current;
      }
    }
    const first = queue[0];
    if (!first) return [];
    let count = 0;
    while (
      count < queue.length &&
      count < ANALYTICS_BATCH_MAX_EVENTS &&
      queue[count]?.token === first.token
    ) {
      count += 1;
    }
    return queue.splice(0, count);
  }

  /**
   * Sends a batch: true once it needs no more sending, or the delay before trying it again, in
   * milliseconds.
   */
  async function send(batch: Pending[], keepalive: boolean): Promise<true | number> {
    const token = batch[0]?.token ?? null;
    const controller = new AbortController();
    const timeout = options.timers.setTimeout(
      () => controller.abort(),
      ANALYTICS_REQUEST_TIMEOUT_MS,
    );
    try {
      const response = await options.fetch(options.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ events: batch.map((p) => p.event) }),
        signal: controller.signal,
        keepalive,
        credentials: 'omit',
      });
      // Too many batches from this address: again once the server says the limit has passed.
      if (response.status === 429) return retryDelayMs(response.headers.get('retry-after'));
      // A refused batch (400) would be refused again; only a server in trouble is worth a retry.
      if (response.ok || (response.status >= 400 && response.status < 500)) return true;
      return FLUSH_DELAY_MS;
    } catch {
      return FLUSH_DELAY_MS;
    } finally {
      options.timers.clearTimeout(timeout);
    }
  }

  async function sendAll(): Promise<void> {
    for (let batch = takeBatch(); batch.length > 0; batch = takeBatch()) {
      const sent = await send(batch, false);
      if (sent === true) continue;
      const again = batch.filter((p) => !p.retried);
      for (const p of again) p.retried = true;
      // Tried once more with the next flush, ahead of what came since; dropped after that.
      queue.unshift(...again);
      pausedUntil = now() + sent;
      schedule(sent);
      return;
    }
  }

  function flush(): Promise<void> {
    if (timer !== null) {
      options.timers.clearTimeout(timer);
      timer = null;
    }
    if (sending) {
      // One request at a time keeps the order: this waits for the one under way, then sends.
      return sending.then(() => flush());
    }
    if (queue.length === 0) return Promise.resolve();
    const wait = pausedUntil - now();
    if (wait > 0) {
      // After a failure, a sign-in or a full batch does not hurry the next try.
      schedule(wait);
      return Promise.resolve();
    }
    sending = sendAll().finally(() => {
      sending = null;
    });
    return sending;
  }

  /** The page is going away: everything waiting goes now, in requests that outlive the page. */
  function flushNow() {
    if (timer !== null) {
      options.timers.clearTimeout(timer);
      timer = null;
    }
    for (let batch = takeBatch(); batch.length > 0; batch = takeBatch()) {
      void send(batch, true);
    }
  }
  options.onPageHide?.(flushNow);

  return {
    track: (event, properties, at) => enqueue('track', event, properties, at),
    page: (path, properties, at) => enqueue('page', path, properties, at),
    // The traits go with the identify event alone.
    identify: (_userId, traits, at) => enqueue('identify', null, traits, at),
    reset() {
      // The next person on this browser is someone new to analytics: new id, new session.
      signIn += 1;
      try {
        anonymousId = newId();
        storeAnonymousId(anonymousId);
        options.local().removeItem(SESSION_KEY);
      } catch {
        // Nothing stored.
      }
    },
    flush,
    anonymousId: currentAnonymousId,
  };
}

/** `document.cookie` as a cookie jar: first-party, a year, SameSite=Lax, Secure over https. */
export function documentCookies(doc: Document = document): CookieJar {
  return {
    get(name) {
      const prefix = `${name}=`;
      const found = doc.cookie.split('; ').find((c) => c.startsWith(prefix));
      return found ? decodeURIComponent(found.slice(prefix.length)) : null;
    },
    set(name, value, maxAgeSeconds) {
      const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
      doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
    },
  };
}
