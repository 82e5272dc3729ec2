import { BrandMark } from './brand-mark';

/**
 * The first screen, before the app's code and translations arrive, so it has no text yet, only
 * the mark. index.html holds the same markup, painted before any script runs; the app shows this
 * component in its place while the translations load (boot-splash.test.tsx keeps the two alike).
 */
export function BootSplash() {
  return (
    <main aria-busy="true" className="flex min-h-dvh items-center justify-center">
      <BrandMark className="size-16 animate-pulse" />
    </main>
  );
}
