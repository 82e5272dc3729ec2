import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, startTransition, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  IMPORT_RETRY_DELAY_MS,
  RELOAD_GUARD_MS,
  RELOAD_MARK_KEY,
  ScreenLoadError,
  isMissingChunk,
  lazyScreen,
  loadScreen,
  preloadScreen,
  retryFailedScreens,
  type ScreenLoaderDeps,
} from './lazy-screen';

const missing = () =>
  new TypeError('Failed to fetch dynamically imported module: http://x/assets/home-abc.js');

function fakeDeps(start = 1_000_000) {
  const stored = new Map<string, string>();
  let now = start;
  const deps: ScreenLoaderDeps = {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    now: () => now,
    reload: vi.fn(),
    isMissingChunk,
  };
  return { deps, stored, advanceClock: (ms: number) => (now += ms) };
}

/** Resolves to what the promise settled with, so a test can look without awaiting forever. */
function settled<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  );
  return state;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loading a screen', () => {
  it('answers the module when the import works', async () => {
    const { deps } = fakeDeps();
    const module = { HomeScreen: () => null };
    await expect(loadScreen(() => Promise.resolve(module), 'HomeScreen', deps)).resolves.toBe(
      module,
    );
  });

  it('tries a failed import once more after a short pause', async () => {
    const { deps } = fakeDeps();
    const module = { HomeScreen: () => null };
    const load = vi.fn<() => Promise<typeof module>>();
    load.mockRejectedValueOnce(new Error('blip')).mockResolvedValueOnce(module);
    const result = settled(loadScreen(load, 'HomeScreen', deps));
    await vi.advanceTimersByTimeAsync(IMPORT_RETRY_DELAY_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.value).toBe(module);
  });

  it('gives up after the chunk load time-out, without reloading', async () => {
    const { deps } = fakeDeps();
    const result = settled(loadScreen(() => new Promise<never>(() => undefined), 'Home', deps));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(result.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(result.error).toBeInstanceOf(ScreenLoadError);
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('counts the retry within the same time-out', async () => {
    const { deps } = fakeDeps();
    const load = vi
      .fn<() => Promise<never>>()
      .mockRejectedValueOnce(new Error('blip'))
      .mockReturnValue(new Promise<never>(() => undefined));
    const result = settled(loadScreen(load, 'Home', deps));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.error).toBeInstanceOf(ScreenLoadError);
  });

  it('reloads the page once when the file is missing after a new deployment', async () => {
    const { deps, stored } = fakeDeps();
    const result = settled(loadScreen(() => Promise.reject(missing()), 'Home', deps));
    await vi.advanceTimersByTimeAsync(IMPORT_RETRY_DELAY_MS);
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(stored.get(RELOAD_MARK_KEY)).toBe('1000000');
    // The page is on its way out: no error state flashes up before it goes.
    expect(result.done).toBe(false);
  });

  it('after that reload, shows the error instead of reloading again', async () => {
    const { deps, stored } = fakeDeps();
    stored.set(RELOAD_MARK_KEY, String(1_000_000 - 2_000));
    const result = settled(loadScreen(() => Promise.reject(missing()), 'Home', deps));
    await vi.advanceTimersByTimeAsync(IMPORT_RETRY_DELAY_MS);
    expect(deps.reload).not.toHaveBeenCalled();
    expect(result.error).toBeInstanceOf(ScreenLoadError);
    expect((result.error as ScreenLoadError).cause).toBeInstanceOf(TypeError);
  });

  it('reloads again for a later deployment, once the guard has passed', async () => {
    const { deps, stored } = fakeDeps();
    stored.set(RELOAD_MARK_KEY, String(1_000_000 - RELOAD_GUARD_MS));
    void loadScreen(() => Promise.reject(missing()), 'Home', deps);
    await vi.advanceTimersByTimeAsync(IMPORT_RETRY_DELAY_MS);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload for a failure that is not a missing file', async () => {
    const { deps } = fakeDeps();
    const result = settled(
      loadScreen(() => Promise.reject(new SyntaxError('Unexpected token')), 'Home', deps),
    );
    await vi.advanceTimersByTimeAsync(IMPORT_RETRY_DELAY_MS);
    expect(deps.reload).not.toHaveBeenCalled();
    expect(result.error).toBeInstanceOf(ScreenLoadError);
  });

  it("takes Vite's preload error for a missing file", async () => {
    const { deps } = fakeDeps();
    const preload = new Error('Unable to preload CSS for /assets/home-abc.css');
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: preload,
    });
    window.dispatchEvent(event);
    void loadScreen(() => Promise.reject(preload), 'Home', deps);
    await vi.advanceTimersByTimeAsync(IMPORT_RETRY_DELAY_MS);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });
});

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed)
      return (
        <button
          type="button"
          onClick={() => {
            retryFailedScreens();
            this.setState({ failed: false });
          }}
        >
          Retry
        </button>
      );
    return this.props.children;
  }
}

const greeting = () => ({ GreetingScreen: ({ name }: { name: string }) => <h1>Hello {name}</h1> });

/** A screen whose import fails twice (both tries of a load), then works. */
function offlineTwiceGreeting() {
  vi.useRealTimers();
  const { deps } = fakeDeps();
  // No pause before the second try; the time-out stays far away.
  deps.setTimeout = (callback, ms) => setTimeout(callback, ms === IMPORT_RETRY_DELAY_MS ? 0 : ms);
  const load = vi
    .fn<() => Promise<ReturnType<typeof greeting>>>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValue(greeting());
  return { load, GreetingScreen: lazyScreen(load, 'GreetingScreen', deps) };
}

describe('a lazily loaded screen', () => {
  it('starts a fresh import on Retry after a failure', async () => {
    const { load, GreetingScreen } = offlineTwiceGreeting();
    render(
      <Boundary>
        <Suspense fallback={<p>Loading</p>}>
          <GreetingScreen name="Alex" />
        </Suspense>
      </Boundary>,
      // React reports what a boundary caught to the root; the app reports it from there.
      { onCaughtError: () => undefined },
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    // React renders the failed screen again by itself: that must not start another import.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('heading')).toBeNull();
    retry.click();
    expect(await screen.findByRole('heading', { name: 'Hello Alex' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

  /** An import that takes a while, as a download does. */
  const slowGreeting = () =>
    new Promise<ReturnType<typeof greeting>>((resolve) =>
      setTimeout(() => resolve(greeting()), 20),
    );

  const roots: Root[] = [];
  afterEach(() => {
    act(() => roots.splice(0).forEach((root) => root.unmount()));
  });

  /** Renders the screen under a Suspense whose fallback notes each time it is shown. */
  async function renderGreeting(GreetingScreen: (props: { name: string }) => ReactNode) {
    const fallbacks: string[] = [];
    function Fallback() {
      fallbacks.push('shown');
      return <p>Loading</p>;
    }
    // As start.tsx renders the app: in a transition.
    const root = createRoot(document.body.appendChild(document.createElement('div')), {
      onCaughtError: () => undefined,
    });
    roots.push(root);
    // With React's own scheduler, as in the browser: act would run the render in one go.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      startTransition(() => {
        root.render(
          <Boundary>
            <Suspense fallback={<Fallback />}>
              <GreetingScreen name="Alex" />
            </Suspense>
          </Boundary>,
        );
      });
      await screen.findByText(/Hello Alex|Retry/);
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
    }
    return fallbacks;
  }

  it('shows at once, without its fallback, once preloaded', async () => {
    vi.useRealTimers();
    const { deps } = fakeDeps();
    const load = vi.fn(slowGreeting);
    const GreetingScreen = lazyScreen(load, 'GreetingScreen', deps);
    await preloadScreen(GreetingScreen);
    const fallbacks = await renderGreeting(GreetingScreen);
    expect(await screen.findByRole('heading', { name: 'Hello Alex' })).toBeTruthy();
    expect(fallbacks).toEqual([]);
    // The preload and the render made one import between them.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows its fallback first when not preloaded', async () => {
    vi.useRealTimers();
    const { deps } = fakeDeps();
    const GreetingScreen = lazyScreen(slowGreeting, 'GreetingScreen', deps);
    const fallbacks = await renderGreeting(GreetingScreen);
    expect(await screen.findByRole('heading', { name: 'Hello Alex' })).toBeTruthy();
    expect(fallbacks).not.toEqual([]);
  });

  it('after a failed preload, shows the error and imports afresh on Retry', async () => {
    const { load, GreetingScreen } = offlineTwiceGreeting();
    // Settles: the failure is the screen's to show.
    await expect(preloadScreen(GreetingScreen)).resolves.toBeUndefined();
    await renderGreeting(GreetingScreen);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(load).toHaveBeenCalledTimes(2);
    retry.click();
    expect(await screen.findByRole('heading', { name: 'Hello Alex' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('preloads nothing for a component that is not a lazy screen', async () => {
    await expect(preloadScreen(() => null)).resolves.toBeUndefined();
  });
});
