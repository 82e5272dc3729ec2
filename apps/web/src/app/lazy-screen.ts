import { createElement, lazy, type ComponentType } from 'react';
import { useFirstScreenShown } from '../lib/first-screen';
import { browserStorage } from './browser-storage';

/** SPEC §9: a screen's code that has not arrived after this long is given up on. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** A failed download is tried once more after this pause (a blip on a mobile network). */
export const IMPORT_RETRY_DELAY_MS = 1_000;
/**
 * When the page last reloaded itself for a missing screen. Within the guard it does not reload
 * again, so a file that is missing for good shows the error state instead of a reload loop.
 */
export const RELOAD_MARK_KEY = 'screen-reload-at';
export const RELOAD_GUARD_MS = 5 * 60_000;

/** A screen's code could not be loaded: its route shows "This screen could not be loaded". */
export class ScreenLoadError extends Error {
  constructor(screen: string, options?: { cause?: unknown }) {
    super(`The ${screen} screen could not be loaded`, options);
    this.name = 'ScreenLoadError';
  }
}

class ScreenLoadTimeout extends Error {
  constructor() {
    super(`No answer within ${CHUNK_LOAD_TIMEOUT_MS} ms`);
    this.name = 'ScreenLoadTimeout';
  }
}

export interface ScreenLoaderDeps {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  storage: {
    getItem: (key: string) => string | null;
    setItem: (key: string, value: string) => void;
  };
  now: () => number;
  reload: () => void;
  /** Whether the failure says the file is gone (see isMissingChunk). */
  isMissingChunk: (error: unknown) => boolean;
}

// Vite announces a failed download of a screen or its styles before the import rejects; the
// error it announces is the one the import rejects with.
const preloadErrors = new WeakSet<object>();
if (typeof window !== 'undefined') {
  window.addEventListener('vite:preloadError', (event) => {
    const { payload } = event as Event & { payload?: unknown };
    if (typeof payload === 'object' && payload !== null) preloadErrors.add(payload);
  });
}

/**
 * The browsers' words for a module file that could not be fetched: after a new deployment the
 * old hashed files are gone, and only a reload brings the page's new ones.
 */
const MISSING_MODULE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

export function isMissingChunk(error: unknown): boolean {
  if (typeof error === 'object' && error !== null && preloadErrors.has(error)) return true;
  return error instanceof TypeError && MISSING_MODULE.test(error.message);
}

const browserDeps: ScreenLoaderDeps = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  storage: browserStorage('sessionStorage'),
  now: () => Date.now(),
  reload: () => window.location.reload(),
  isMissingChunk,
};

function delay(deps: ScreenLoaderDeps, ms: number): Promise<void> {
  return new Promise((resolve) => deps.setTimeout(resolve, ms));
}

async function importWithRetry<M>(load: () => Promise<M>, deps: ScreenLoaderDeps): Promise<M> {
  try {
    return await load();
  } catch {
    await delay(deps, IMPORT_RETRY_DELAY_MS);
    return load();
  }
}

/** Both tries together get CHUNK_LOAD_TIMEOUT_MS. */
function withTimeout<M>(loading: Promise<M>, deps: ScreenLoaderDeps): Promise<M> {
  let timer: unknown;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = deps.setTimeout(() => reject(new ScreenLoadTimeout()), CHUNK_LOAD_TIMEOUT_MS);
  });
  return Promise.race([loading, timeout]).finally(() => deps.clearTimeout(timer));
}

/** Reloads unless the page already did so for a missing screen within the guard. */
function reloadOnce(deps: ScreenLoaderDeps): boolean {
  const last = Number(deps.storage.getItem(RELOAD_MARK_KEY));
  const now = deps.now();
  if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS) return false;
  deps.storage.setItem(RELOAD_MARK_KEY, String(now));
  deps.reload();
  return true;
}

/**
 * Loads a screen's module: tries twice, gives up after the time-out, reloads the page (once) when
 * the file is gone, and otherwise rejects with a ScreenLoadError for the route's error boundary.
 */
export async function loadScreen<M>(
  load: () => Promise<M>,
  screen: string,
  deps: ScreenLoaderDeps = browserDeps,
): Promise<M> {
  try {
    return await withTimeout(importWithRetry(load, deps), deps);
  } catch (error) {
    if (deps.isMissingChunk(error) && reloadOnce(deps)) {
      // The page is going away; the screen stays as it is until then.
      return new Promise<M>(() => undefined);
    }
    throw new ScreenLoadError(screen, { cause: error });
  }
}

/** How to start afresh each screen whose import failed; see retryFailedScreens. */
const failedScreens = new Set<() => void>();

/**
 * Makes the screens whose import failed import afresh at their next render, instead of React
 * answering its remembered rejection. The error boundary calls it on Retry and when the route
 * changes; never on its own, since React renders a failed tree again by itself and would start a
 * new import each time.
 */
export function retryFailedScreens(): void {
  for (const renew of failedScreens) renew();
  failedScreens.clear();
}

/** Any screen, its props unchecked: typing stays at lazyScreen's signature. */
type LooseScreen = ComponentType<Record<string, unknown>>;

/** Each lazy screen's shared load, by the component lazyScreen made; see preloadScreen. */
const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * A route's screen as its own chunk: `lazyScreen(() => import('./routes/x'), 'XScreen')` is
 * typed as the module's XScreen, props included.
 */
export function lazyScreen<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  deps: ScreenLoaderDeps = browserDeps,
): M[K] {
  // One load, shared by a preload and the render; a failed one is dropped when renewed.
  let loading: Promise<LooseScreen> | null = null;
  const renew = () => {
    loading = null;
    current = create();
  };
  const loadOnce = (): Promise<LooseScreen> =>
    (loading ??= loadScreen(load, name, deps).then(
      (module) => module[name] as unknown as LooseScreen,
      (error: unknown) => {
        failedScreens.add(renew);
        throw error;
      },
    ));
  const create = (): LooseScreen => lazy(async () => ({ default: await loadOnce() }));
  let current = create();
  function Screen(props: Record<string, unknown>) {
    // The first screen the app shows is one of these; its effects run once it is on the page.
    useFirstScreenShown();
    return createElement(current, props);
  }
  Screen.displayName = name;
  loaders.set(Screen, loadOnce);
  // The props Screen receives are M[K]'s own, passed through unchanged.
  return Screen as unknown as M[K];
}

/**
 * Loads a lazy screen's code ahead of its first render; settles either way (a failure shows when
 * the screen renders). Rendered once its code is in, the screen shows at once: no fallback is
 * committed, so React does not hold the screen back for its minimum fallback time (300 ms).
 */
export function preloadScreen(screen: ComponentType<never>): Promise<void> {
  const load = loaders.get(screen);
  if (!load) return Promise.resolve();
  return load().then(
    () => undefined,
    () => undefined,
  );
}
