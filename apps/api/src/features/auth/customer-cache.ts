import type { CustomerChange, CustomerChanges } from '../../db/customer-changes';

/** How long an entry lasts while changes are heard: a bound on memory, not on staleness. */
export const HEARD_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 10_000;

export interface CustomerCacheOptions {
  changes: Pick<CustomerChanges, 'live' | 'subscribe'>;
  /**
   * How long a read is trusted while changes are not heard (AUTH_CACHE_SECONDS); 0 turns the
   * cache off, heard or not.
   */
  unheardTtlMs: number;
  now?: () => number;
  /** How many values (and changed customers' epochs) are kept at most; default 10,000. */
  maxEntries?: number;
}

/** A value read from the database, and the time it stops being true by itself (an expiry). */
export interface Read<V> {
  value: V;
  until?: number;
}

interface Entry<V> {
  value: V;
  expires: number;
  /** The epoch of the cache and of the customer when the value was read. */
  generation: number;
  epoch: number;
  /** When it was last put at the end of the cache's order, counted in entries put there. */
  placed: number;
}

/**
 * What this process read of a customer, kept until the database announces a change to them
 * (or the value's own expiry, or HEARD_TTL_MS). While changes are not heard, a read is kept
 * `unheardTtlMs` only. At most `maxEntries` values are kept: past that, the one used least
 * recently goes, not the whole cache. "Recently" is counted in entries put at the end of the
 * order: a hit moves its entry there only if a quarter of the cache has been put there since it
 * was, so a hit on a warm entry changes nothing (two map writes on every hit showed in the
 * profile of a read answered from memory), and a value used since then is never the one to go.
 *
 * A read that overlapped a change is not kept: each customer has an epoch, set from a counter
 * that only grows by every change heard; a value is stored only if the epoch did not move while
 * it was being read, so a read that saw the data before a change can never outlive the change's
 * announcement. The epochs of the customers changed least recently are forgotten past
 * `maxEntries` too: a forgotten customer's epoch is the highest one forgotten so far (`floor`),
 * so it never goes back to a value a read in flight may hold.
 */
export function createCustomerCache<V>(options: CustomerCacheOptions) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry<V>>();
  const epochs = new Map<string, number>();
  let counter = 0;
  let floor = 0;
  let generation = 0;
  /** Entries put at the end of the order so far; a hit moves its entry after `moveAfter` more. */
  let placed = 0;
  const moveAfter = Math.max(1, Math.floor(maxEntries / 4));

  const epochOf = (userId: string) => epochs.get(userId) ?? floor;

  function changed(change: CustomerChange): void {
    // Money moving, the catalog or the merchants change nothing kept here.
    if (change === 'catalog' || change === 'merchants') return;
    if (change !== 'all' && change.wallet) return;
    counter += 1;
    if (change === 'all') {
      generation += 1;
      epochs.clear();
      entries.clear();
      floor = counter;
      return;
    }
    // Set again, so the map's order is the order customers last changed in.
    epochs.delete(change.userId);
    epochs.set(change.userId, counter);
    if (epochs.size > maxEntries) {
      const [oldest, epoch] = epochs.entries().next().value as [string, number];
      epochs.delete(oldest);
      floor = Math.max(floor, epoch);
    }
  }
  const unsubscribe = options.changes.subscribe(changed);

  return {
    /** The value under `key` (of customer `userId`), from memory when still true, else `read`. */
    async get(key: string, userId: string, read: () => Promise<Read<V>>): Promise<V> {
      const at = now();
      const hit = entries.get(key);
      if (
        hit &&
        hit.expires > at &&
        hit.generation === generation &&
        hit.epoch === epochOf(userId)
      ) {
        // Used now: moved to the end, the last to go when the cache is full (unless it is near
        // the end already).
        if (placed - hit.placed >= moveAfter) {
          entries.delete(key);
          entries.set(key, hit);
          placed += 1;
          hit.placed = placed;
        }
        return hit.value;
      }
      const ttl =
        options.unheardTtlMs <= 0
          ? 0
          : options.changes.live()
            ? HEARD_TTL_MS
            : options.unheardTtlMs;
      const startedIn = generation;
      const epoch = epochOf(userId);
      const { value, until } = await read();
      if (ttl <= 0 || generation !== startedIn || epochOf(userId) !== epoch) {
        return value;
      }
      entries.delete(key);
      placed += 1;
      entries.set(key, {
        value,
        expires: Math.min(at + ttl, until ?? Number.POSITIVE_INFINITY),
        generation: startedIn,
        epoch,
        placed,
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    /** This process changed the customer: what it read of them goes now, before any notice. */
    invalidate(userId: string): void {
      changed({ userId });
    },
    /** Stops hearing changes (the app closes); nothing is kept from then on. */
    stop(): void {
      unsubscribe();
      changed('all');
    },
  };
}

export type CustomerCache<V> = ReturnType<typeof createCustomerCache<V>>;
