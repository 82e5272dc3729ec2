import { BrandMark } from './brand-mark';

/**
 * The first screen: shown by the entry script before the app's code and translations arrive,
 * so it has no text yet, only the mark. Keep its imports to React alone.
 */
export function BootSplash() {
  return (
    <main aria-busy="true" className="flex min-h-dvh items-center justify-center">
      <BrandMark className="size-16 animate-pulse" />
    </main>
  );
}
