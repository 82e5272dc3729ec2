import { useEffect } from 'react';

let markShown: () => void = () => undefined;

/**
 * Settles once the app's first screen is on the page (the App's first commit). Work that screen
 * does not need, such as fetching the analytics and error-reporting settings and loading the
 * schemas that read them, waits for it rather than running before its first field can be used.
 */
export const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** Called by the App: its effects run once its first screen is committed. */
export function useFirstScreenShown(): void {
  useEffect(() => markShown(), []);
}
