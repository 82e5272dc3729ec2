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
