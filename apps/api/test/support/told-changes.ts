import type { CustomerChange } from '../../src/db/customer-changes';

/**
 * What the database would announce, told by the test: whether changes are heard now (`isLive`),
 * and each change as the test announces it to whoever subscribed.
 */
export function toldChanges(live = true) {
  const listeners = new Set<(change: CustomerChange) => void>();
  return {
    isLive: live,
    live() {
      return this.isLive;
    },
    subscribe(listener: (change: CustomerChange) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    announce(change: CustomerChange) {
      for (const listener of listeners) listener(change);
    },
    listeners,
  };
}
