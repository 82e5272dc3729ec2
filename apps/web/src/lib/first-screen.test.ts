import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, FIRST_PAINT_WAIT_MS } from './first-screen';

type Report = (entries: { startTime: number }[]) => void;

/** A browser's PerformanceObserver reporting largest contentful paints when the test says. */
function stubPaintReports(): { report: Report } {
  let callback: ((list: { getEntries: () => { startTime: number }[] }) => void) | null = null;
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    constructor(next: typeof callback) {
      callback = next;
    }
    observe() {}
    disconnect() {
      callback = null;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return { report: (entries) => callback?.({ getEntries: () => entries }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the first screen counts as painted', () => {
  it('when the browser reports a paint made after the screen was committed, not before', () => {
    vi.useFakeTimers();
    const { report } = stubPaintReports();
    const done = vi.fn();
    afterPaint(500, done);

    report([{ startTime: 120 }]); // the boot splash, painted before the screen
    vi.advanceTimersByTime(10);
    expect(done).not.toHaveBeenCalled();

    report([{ startTime: 530 }]);
    vi.advanceTimersByTime(0);
    expect(done).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('after a second when no such paint is reported', () => {
    vi.useFakeTimers();
    stubPaintReports();
    const done = vi.fn();
    afterPaint(500, done);
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(done).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(done).toHaveBeenCalledTimes(1);
  });
});
