import { vi } from 'vitest';
/** Browser APIs jsdom lacks that the app (or sonner) calls. */

// The app scrolls to the top on every route change.
window.scrollTo = () => undefined;

// Theme 'system' and sonner read the colour scheme; tests run in a light-scheme browser.
window.matchMedia = (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
  dispatchEvent: () => false,
});

// jsdom knows <dialog> but not its modal methods.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom has no canvas or audio to fingerprint: the FingerprintJS agent answers a fixed visitor
// id, as a browser would answer its own.
vi.mock('@fingerprintjs/fingerprintjs', () => ({
  load: () =>
    Promise.resolve({
      get: () => Promise.resolve({ visitorId: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' }),
    }),
}));
