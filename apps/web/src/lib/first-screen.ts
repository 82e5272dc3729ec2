import { useEffect } from 'react';

let markShown: () => void = () => undefined;
let watching = false;

/** Past this, the first screen counts as painted even when the browser did not say so. */
export const FIRST_PAINT_WAIT_MS = 1000;
/** Past this after the app starts, the first screen counts as painted whatever it is. */
export const FIRST_SCREEN_LATEST_MS = 5000;

/**
 * Settles once the app's first screen is painted. Work that screen does not need waits for it
 * rather than competing with it for a phone's network and main thread: fetching the analytics
 * and error-reporting settings, and loading the schemas the app's settings are read with (zod
 * and the contracts, a third of the JavaScript of a first visit).
 */
export const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

// A page whose first screen calls none of the hooks below still gets its settings.
if (typeof window !== 'undefined') window.setTimeout(() => markShown(), FIRST_SCREEN_LATEST_MS);

/** Says the first screen is painted: the hook below does (and tests of lone screens). */
export function firstScreenPainted(): void {
  markShown();
}

/**
 * Calls `done` once what was committed at `committedAt` is painted: when the browser reports a
 * largest contentful paint from then on (a screen's text and images outgrow the boot splash's),
 * else after FIRST_PAINT_WAIT_MS; where the browser does not report such paints, two frames on.
 */
export function afterPaint(committedAt: number, done: () => void): void {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')
  ) {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)));
    return;
  }
  const finish = () => {
    observer.disconnect();
    clearTimeout(timer);
    // A task of its own, not the observer's callback.
    setTimeout(done, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.startTime >= committedAt)) finish();
  });
  const timer = setTimeout(finish, FIRST_PAINT_WAIT_MS);
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * Called by every screen a page may open on (the routes' screens through app/lazy-screen.ts, the
 * offline and error screens): its effects run once it is on the page.
 */
export function useFirstScreenShown(): void {
  useEffect(() => {
    if (watching) return;
    watching = true;
    afterPaint(performance.now(), firstScreenPainted);
  }, []);
}
