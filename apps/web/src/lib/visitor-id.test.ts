import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deviceHeaders,
  resetVisitorIdForTests,
  visitorId,
  WAIT_MS,
  warmVisitorId,
} from './visitor-id';

afterEach(() => {
  resetVisitorIdForTests();
  vi.useRealTimers();
});

const agentWith = (id: string) => () =>
  Promise.resolve({ get: () => Promise.resolve({ visitorId: id }) });

describe('visitor id', () => {
  it('is computed once per page and sent as X-Device-Id', async () => {
    const load = vi.fn(agentWith('0123456789abcdef0123456789abcdef'));
    expect(await deviceHeaders(load)).toEqual({
      'X-Device-Id': '0123456789abcdef0123456789abcdef',
    });
    expect(await visitorId(load)).toBe('0123456789abcdef0123456789abcdef');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('sends no header when the agent fails to load', async () => {
    const load = () => Promise.reject(new Error('chunk failed'));
    expect(await deviceHeaders(load)).toEqual({});
  });

  it('sends no header for a value that is not an id', async () => {
    expect(await deviceHeaders(agentWith('<script>'))).toEqual({});
  });

  it('never holds a request longer than the wait', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<never>(() => undefined);
    const headers = deviceHeaders(never);
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    expect(await headers).toEqual({});
  });

  it('uses the id once it is ready, after an earlier request gave up waiting', async () => {
    vi.useFakeTimers();
    let finish: (id: string) => void = () => undefined;
    const late = () =>
      Promise.resolve({
        get: () =>
          new Promise<{ visitorId: string }>(
            (resolve) => (finish = (visitorId) => resolve({ visitorId })),
          ),
      });
    const first = deviceHeaders(late);
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    expect(await first).toEqual({});
    finish('fedcba9876543210fedcba9876543210');
    expect(await deviceHeaders(late)).toEqual({
      'X-Device-Id': 'fedcba9876543210fedcba9876543210',
    });
  });

  it('starts computing at the first tap or key press, not at load, and only once', async () => {
    vi.useFakeTimers();
    const load = vi.fn(agentWith('0123456789abcdef0123456789abcdef'));
    warmVisitorId(load);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(load).not.toHaveBeenCalled();

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await deviceHeaders(load)).toEqual({
      'X-Device-Id': '0123456789abcdef0123456789abcdef',
    });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
