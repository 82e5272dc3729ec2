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
}

/**
 * What this process read of a customer, kept until the database announces a change to them
 * (or the value's own expiry, or HEARD_TTL_MS). While changes are not heard, a read is kept
 * `unheardTtlMs` only.
 *
 * A read that overlapped a change is not kept: each customer has an epoch, raised by every
 * change heard; a value is stored only if the epoch did not move while it was being read, so a
 * read that saw the data before a change can never outlive the change's announcement.
 */
export function createCustomerCache<V>(options: CustomerCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<V>>();
  const epochs = new Map<string, number>();
  let generation = 0;

  function changed(change: CustomerChange): void {
    // Money moving changes nothing kept here.
    if (change !== 'all' && change.wallet) return;
    if (change === 'all' || epochs.size >= MAX_ENTRIES) {
      generation += 1;
      epochs.clear();
      entries.clear();
      return;
    }
    epochs.set(change.userId, (epochs.get(change.userId) ?? 0) + 1);
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
        hit.epoch === (epochs.get(userId) ?? 0)
      ) {
        return hit.value;
      }
      const ttl =
        options.unheardTtlMs <= 0
          ? 0
          : options.changes.live()
            ? HEARD_TTL_MS
            : options.unheardTtlMs;
      const startedIn = generation;
      const epoch = epochs.get(userId) ?? 0;
      const { value, until } = await read();
      if (ttl <= 0 || generation !== startedIn || (epochs.get(userId) ?? 0) !== epoch) {
        return value;
      }
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, {
        value,
        expires: Math.min(at + ttl, until ?? Number.POSITIVE_INFINITY),
        generation: startedIn,
        epoch,
      });
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
