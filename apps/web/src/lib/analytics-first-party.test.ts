import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeferredAnalytics, HELD_CALLS_KEY } from './analytics';
import {
  ANALYTICS_REQUEST_TIMEOUT_MS,
  ANONYMOUS_ID_COOKIE,
  ANONYMOUS_ID_KEY,
  createFirstPartyAnalytics,
  type CookieJar,
  FLUSH_DELAY_MS,
  type FirstPartyAnalyticsOptions,
  MAX_RETRY_AFTER_MS,
  retryDelayMs,
} from './analytics-first-party';

interface SentBatch {
  authorization: string | null;
  keepalive: boolean;
  events: {
    type: string;
    name: string | null;
    anonymous_id: string;
    properties: Record<string, unknown>;
    occurred_at: string;
  }[];
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function memoryCookies(): CookieJar & { jar: Map<string, { value: string; maxAge: number }> } {
  const jar = new Map<string, { value: string; maxAge: number }>();
  return {
    jar,
    get: (name) => jar.get(name)?.value ?? null,
    set: (name, value, maxAge) => void jar.set(name, { value, maxAge }),
  };
}

const blockedCookies: CookieJar = { get: () => null, set: () => undefined };

let ids = 0;
function setup(overrides: Partial<FirstPartyAnalyticsOptions> = {}) {
  const sent: SentBatch[] = [];
  let answer: () => Promise<Response> = () => Promise.resolve(new Response(null, { status: 202 }));
  const fetchMock = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    sent.push({
      authorization: headers.get('authorization'),
      keepalive: init?.keepalive ?? false,
      ...(JSON.parse(String(init?.body)) as Pick<SentBatch, 'events'>),
    });
    const signal = init?.signal;
    return new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      void answer().then(resolve, reject);
    });
  });
  let pageHide: (() => void) | null = null;
  const local = memoryStorage();
  const cookies = memoryCookies();
  let token: string | null = null;
  const analytics = createFirstPartyAnalytics({
    endpoint: '/v1/analytics/events',
    getToken: () => token,
    fetch: fetchMock as unknown as typeof fetch,
    cookies,
    local: () => local,
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    now: () => Date.now(),
    newId: () => `id-${String((ids += 1)).padStart(8, '0')}`,
    onPageHide: (flushNow) => {
      pageHide = flushNow;
    },
    ...overrides,
  });
  return {
    analytics,
    sent,
    fetchMock,
    local,
    cookies,
    setToken: (value: string | null) => {
      token = value;
    },
    answerWith: (next: () => Promise<Response>) => {
      answer = next;
    },
    hidePage: () => pageHide?.(),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('first-party analytics', () => {
  it('batches events and sends them in order after a short wait', async () => {
    const { analytics, sent } = setup();
    analytics.page('/auth');
    analytics.track('sign_in_started');
    analytics.identify('user-1', { email: 'a@example.com' });
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events.map((e) => [e.type, e.name])).toEqual([
      ['page', '/auth'],
      ['track', 'sign_in_started'],
      ['identify', null],
    ]);
    expect(sent[0]?.events[2]?.properties).toMatchObject({ email: 'a@example.com' });
  });

  it('sends at once at 20 events', async () => {
    const { analytics, sent } = setup();
    for (let i = 0; i < 20; i += 1) analytics.track(`event_${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events).toHaveLength(20);
  });

  it('sends what waits with keepalive when the page goes away', async () => {
    const { analytics, sent, hidePage } = setup();
    analytics.track('redemption_submitted');
    hidePage();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([expect.objectContaining({ keepalive: true })]);
    expect(sent[0]?.events.map((e) => e.name)).toEqual(['redemption_submitted']);
  });

  it('sends each event with the token it happened under, even after a logout', async () => {
    const { analytics, sent, setToken } = setup();
    setToken('token-a');
    analytics.track('sign_in_completed');
    setToken(null);
    analytics.track('logged_out', { token_expired: false });
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent.map((b) => [b.authorization, b.events.map((e) => e.name)])).toEqual([
      ['Bearer token-a', ['sign_in_completed']],
      [null, ['logged_out']],
    ]);
  });

  it('sends events made under the last visit’s token with the token start-up refreshed it to', async () => {
    const { analytics, sent, setToken } = setup();
    setToken('token-stale');
    analytics.page('/');
    setToken('token-fresh');
    analytics.track('claim_viewed');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent.map((b) => [b.authorization, b.events.map((e) => e.name)])).toEqual([
      ['Bearer token-fresh', ['/', 'claim_viewed']],
    ]);

    // Past a sign-out, the next customer's token never goes with the last one's events.
    analytics.track('refund_claimed');
    setToken(null);
    analytics.reset();
    setToken('token-b');
    analytics.track('sign_in_completed');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent.slice(1).map((b) => [b.authorization, b.events.map((e) => e.name)])).toEqual([
      ['Bearer token-fresh', ['refund_claimed']],
      ['Bearer token-b', ['sign_in_completed']],
    ]);
  });

  it('sends what came before a sign-in at once, one request after the other', async () => {
    const { analytics, sent, setToken, answerWith } = setup();
    let answerFirst: (response: Response) => void = () => undefined;
    answerWith(() => new Promise<Response>((resolve) => (answerFirst = resolve)));
    analytics.page('/auth');
    analytics.track('sign_in_started');
    setToken('token-a');
    analytics.track('sign_in_completed');
    await vi.advanceTimersByTimeAsync(0);
    // The signed-out events went without waiting; the next request waits for their answer.
    expect(sent.map((b) => [b.authorization, b.events.map((e) => e.name)])).toEqual([
      [null, ['/auth', 'sign_in_started']],
    ]);
    answerWith(() => Promise.resolve(new Response(null, { status: 202 })));
    answerFirst(new Response(null, { status: 202 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((b) => [b.authorization, b.events.map((e) => e.name)])).toEqual([
      [null, ['/auth', 'sign_in_started']],
      ['Bearer token-a', ['sign_in_completed']],
    ]);
  });

  it('gives a request 10 seconds, tries once more, then drops the events without throwing', async () => {
    const { analytics, sent, answerWith } = setup();
    answerWith(() => new Promise<Response>(() => undefined));
    analytics.track('claim_viewed');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(ANALYTICS_REQUEST_TIMEOUT_MS - 1);
    // Still waiting for the first answer: nothing else has been sent.
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + FLUSH_DELAY_MS);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(ANALYTICS_REQUEST_TIMEOUT_MS + FLUSH_DELAY_MS * 2);
    expect(sent).toHaveLength(2);
    // The next event goes on its own: the dropped one is not sent a third time.
    answerWith(() => Promise.resolve(new Response(null, { status: 202 })));
    analytics.track('claim_viewed_again');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent.at(-1)?.events.map((e) => e.name)).toEqual(['claim_viewed_again']);
  });

  it('sends a rate-limited batch again once the Retry-After has passed, and holds the rest', async () => {
    const { analytics, sent, answerWith, setToken } = setup();
    answerWith(() =>
      Promise.resolve(new Response('{}', { status: 429, headers: { 'retry-after': '30' } })),
    );
    analytics.track('claim_viewed');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent).toHaveLength(1);
    answerWith(() => Promise.resolve(new Response(null, { status: 202 })));
    // A sign-in would send at once; while the limit lasts, it waits too.
    setToken('token-a');
    analytics.track('sign_in_completed');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent.slice(1).map((batch) => batch.events.map((e) => e.name))).toEqual([
      ['claim_viewed'],
      ['sign_in_completed'],
    ]);
  });

  it('reads Retry-After as seconds, within a minute', () => {
    expect(retryDelayMs('30')).toBe(30_000);
    expect(retryDelayMs('3600')).toBe(MAX_RETRY_AFTER_MS);
    expect(retryDelayMs('0')).toBe(FLUSH_DELAY_MS);
    expect(retryDelayMs(null)).toBe(FLUSH_DELAY_MS);
    expect(retryDelayMs('Wed, 21 Oct 2026 07:28:00 GMT')).toBe(FLUSH_DELAY_MS);
  });

  it('does not send a refused batch again', async () => {
    const { analytics, sent, answerWith } = setup();
    answerWith(() => Promise.resolve(new Response('{}', { status: 400 })));
    analytics.track('claim_viewed');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS * 5);
    expect(sent).toHaveLength(1);
  });

  it('keeps the analytics id in a first-party cookie for about a year', async () => {
    const first = setup();
    first.analytics.track('claim_viewed');
    const id = first.analytics.anonymousId();
    expect(first.cookies.jar.get(ANONYMOUS_ID_COOKIE)).toEqual({ value: id, maxAge: 31_536_000 });

    // A later visit finds it again.
    const later = setup({ cookies: first.cookies });
    later.analytics.track('claim_viewed');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(later.sent[0]?.events[0]?.anonymous_id).toBe(id);
  });

  it('keeps the analytics id in local storage when cookies are blocked', () => {
    const local = memoryStorage();
    const first = setup({ cookies: blockedCookies, local: () => local });
    const id = first.analytics.anonymousId();
    expect(local.getItem(ANONYMOUS_ID_KEY)).toBe(id);
    const later = setup({ cookies: blockedCookies, local: () => local });
    expect(later.analytics.anonymousId()).toBe(id);
  });

  it('gives the next person a new analytics id after reset', async () => {
    const { analytics, sent } = setup();
    analytics.track('logged_out', { token_expired: false });
    analytics.reset();
    analytics.page('/auth');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    const [before, after] = sent[0]?.events ?? [];
    expect(before?.anonymous_id).not.toBe(after?.anonymous_id);
  });

  it('starts a new session after 30 minutes without events', async () => {
    const { analytics, sent } = setup();
    analytics.track('a');
    await vi.advanceTimersByTimeAsync(29 * 60 * 1000);
    analytics.track('b');
    await vi.advanceTimersByTimeAsync(30 * 60 * 1000 + 1);
    analytics.track('c');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    const sessions = sent.flatMap((b) => b.events).map((e) => e.properties.session_id);
    expect(sessions[0]).toBe(sessions[1]);
    expect(sessions[2]).not.toBe(sessions[1]);
  });

  it('leaves out property values the endpoint does not take', async () => {
    const { analytics, sent } = setup();
    analytics.track('x', { ok: 1, nested: { a: 1 }, fn: () => 1, 'bad key': true });
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(Object.keys(sent[0]?.events[0]?.properties ?? {}).sort()).toEqual(['ok', 'session_id']);
  });
});

describe('until the app config is loaded', () => {
  /** A page of a tab keeping `tab` as its session storage, and its going away. */
  function pageOfTab(tab: ReturnType<typeof memoryStorage>, now?: () => number) {
    let keep: () => void = () => undefined;
    const deferred = createDeferredAnalytics({
      storage: () => tab,
      onPageHide: (keepHeld) => {
        keep = keepHeld;
      },
      ...(now ? { now } : {}),
    });
    return { deferred, hide: () => keep() };
  }

  it('holds calls in order and replays them on the adapter, up to a bound', async () => {
    const deferred = createDeferredAnalytics({ maxQueued: 3 });
    deferred.page('/auth');
    deferred.track('sign_in_started');
    deferred.identify('user-1');
    deferred.track('over_the_bound');
    const { analytics, sent } = setup();
    deferred.use(analytics);
    deferred.track('after');
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent.flatMap((b) => b.events).map((e) => [e.type, e.name])).toEqual([
      ['page', '/auth'],
      ['track', 'sign_in_started'],
      ['identify', null],
      ['track', 'after'],
    ]);
  });

  it('keeps what a page held when it goes away before the adapter, for the next page of the tab', async () => {
    const tab = memoryStorage();
    const { deferred: firstPage, hide } = pageOfTab(tab, () =>
      Date.parse('2026-11-30T07:00:00.000Z'),
    );
    firstPage.page('/redeem/debit');
    firstPage.track('redemption_method_selected', { method: 'debit' });
    hide();
    expect(tab.getItem(HELD_CALLS_KEY)).not.toBeNull();

    const nextPage = createDeferredAnalytics({ storage: () => tab });
    expect(tab.getItem(HELD_CALLS_KEY)).toBeNull();
    nextPage.page('/profile');
    const { analytics, sent } = setup();
    nextPage.use(analytics);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    const events = sent.flatMap((b) => b.events);
    expect(events.map((e) => [e.type, e.name])).toEqual([
      ['page', '/redeem/debit'],
      ['track', 'redemption_method_selected'],
      ['page', '/profile'],
    ]);
    // Each at the time it happened, not when it was sent.
    expect(events[0]?.occurred_at).toBe('2026-11-30T07:00:00.000Z');
    expect(events[1]?.occurred_at).toBe('2026-11-30T07:00:00.000Z');
    expect(events[2]?.occurred_at).not.toBe('2026-11-30T07:00:00.000Z');

    // Replayed once: a third page of the tab finds nothing held.
    const thirdPage = createDeferredAnalytics({ storage: () => tab });
    const later = setup();
    thirdPage.use(later.analytics);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(later.sent).toEqual([]);
  });

  it('a page shown again from the back-forward cache replays what it put away, once', async () => {
    const tab = memoryStorage();
    const { deferred, hide } = pageOfTab(tab);
    deferred.track('claim_viewed');
    hide();
    deferred.track('refund_claimed', { refund_speed: 'instant' });
    const { analytics, sent } = setup();
    deferred.use(analytics);
    // Once the adapter is chosen, going away again leaves nothing: the adapter sends it.
    hide();
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent.flatMap((b) => b.events).map((e) => e.name)).toEqual([
      'claim_viewed',
      'refund_claimed',
    ]);
    expect(tab.getItem(HELD_CALLS_KEY)).toBeNull();
  });

  it('ignores what it cannot read back from storage', async () => {
    const tab = memoryStorage();
    tab.setItem(
      HELD_CALLS_KEY,
      JSON.stringify([
        { type: 'track', event: 'kept', properties: { a: 1 }, at: 0 },
        { type: 'track', event: 42, at: 0 },
        { type: 'page', path: '/x', properties: [1], at: 0 },
        { type: 'identify', userId: 'u', traits: undefined },
        'nonsense',
        null,
      ]),
    );
    const { analytics, sent } = setup();
    createDeferredAnalytics({ storage: () => tab }).use(analytics);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent.flatMap((b) => b.events).map((e) => e.name)).toEqual(['kept']);

    tab.setItem(HELD_CALLS_KEY, '{not json');
    const next = setup();
    createDeferredAnalytics({ storage: () => tab }).use(next.analytics);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(next.sent).toEqual([]);
  });
});
