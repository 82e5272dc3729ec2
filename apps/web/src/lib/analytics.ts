/** The event-analytics port. The real customer-analytics adapter plugs in behind it. */
export interface Analytics {
  track: (event: string, properties?: Record<string, unknown>) => void;
  identify: (userId: string, traits?: Record<string, unknown>) => void;
  reset: () => void;
}

export type AnalyticsCall =
  | { type: 'track'; event: string; properties: Record<string, unknown> | undefined }
  | { type: 'identify'; userId: string; traits: Record<string, unknown> | undefined }
  | { type: 'reset' };

/** Keeps calls in memory: the default until a vendor is configured, and the test double. */
export function createMemoryAnalytics(): Analytics & { calls: AnalyticsCall[] } {
  const calls: AnalyticsCall[] = [];
  return {
    calls,
    track: (event, properties) => void calls.push({ type: 'track', event, properties }),
    identify: (userId, traits) => void calls.push({ type: 'identify', userId, traits }),
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
