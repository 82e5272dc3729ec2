import { describe, expect, it } from 'vitest';
import {
  analyticsPhone,
  createMemoryAnalytics,
  identifyOncePerBrowser,
  SESSION_USER_KEY,
} from './analytics';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('identify once per browser', () => {
  it('identifies a customer the first time this browser sees them, then never again', () => {
    const local = memoryStorage();
    const firstVisit = memoryStorage();
    const inner = createMemoryAnalytics();
    const analytics = identifyOncePerBrowser(inner, {
      local: () => local,
      session: () => firstVisit,
    });

    analytics.identify('user-1', { email: 'a@example.com' });
    analytics.identify('user-1', { email: 'a@example.com' });
    expect(inner.calls.filter((c) => c.type === 'identify')).toHaveLength(1);
    expect(firstVisit.getItem(SESSION_USER_KEY)).toBe('user-1');

    // A later visit (new session storage, same browser) signs in again: no second identify.
    const secondVisit = memoryStorage();
    const later = identifyOncePerBrowser(inner, {
      local: () => local,
      session: () => secondVisit,
    });
    later.identify('user-1');
    expect(inner.calls.filter((c) => c.type === 'identify')).toHaveLength(1);
    expect(secondVisit.getItem(SESSION_USER_KEY)).toBe('user-1');

    // Someone else on the same browser is identified once too.
    later.identify('user-2');
    expect(
      inner.calls
        .filter((c) => c.type === 'identify')
        .map((c) => c.type === 'identify' && c.userId),
    ).toEqual(['user-1', 'user-2']);
  });

  it('reset forgets the visit’s user and passes the reset on', () => {
    const session = memoryStorage();
    const inner = createMemoryAnalytics();
    const analytics = identifyOncePerBrowser(inner, {
      local: () => memoryStorage(),
      session: () => session,
    });
    analytics.identify('user-1');
    analytics.reset();
    expect(session.getItem(SESSION_USER_KEY)).toBeNull();
    expect(inner.calls.at(-1)).toEqual({ type: 'reset' });
  });

  it('still identifies when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    const inner = createMemoryAnalytics();
    const analytics = identifyOncePerBrowser(inner, {
      local: () => blocked,
      session: () => blocked,
    });
    analytics.identify('user-1');
    analytics.reset();
    expect(inner.calls.map((c) => c.type)).toEqual(['identify', 'reset']);
  });
});

it('sends phone numbers in +1 form', () => {
  expect(analyticsPhone('2025550143')).toBe('+12025550143');
  expect(analyticsPhone('(202) 555-0143')).toBe('+12025550143');
});
