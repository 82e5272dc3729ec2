import { useSyncExternalStore } from 'react';

/**
 * Toasts through sonner, loaded on the first toast rather than with every page: most visits
 * never show one. The toaster mounts on demand (components/toaster.tsx) and reports back once
 * it listens, because sonner drops toasts published before its toaster subscribes.
 */

let requested = false;
let markReady: () => void = () => undefined;
let ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
const listeners = new Set<() => void>();

function requestToaster() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export function toasterMounted(): void {
  markReady();
}

/** Back to a page that has shown no toast: tests that share one document call it between files. */
export function resetToasterForTests(): void {
  requested = false;
  ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  for (const listener of listeners) listener();
}

export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => requested,
  );
}

async function show(kind: 'error' | 'success', message: string): Promise<void> {
  requestToaster();
  const [{ toast }] = await Promise.all([import('sonner'), ready]);
  toast[kind](message);
}

export const notify = {
  error: (message: string) => void show('error', message),
  success: (message: string) => void show('success', message),
};
